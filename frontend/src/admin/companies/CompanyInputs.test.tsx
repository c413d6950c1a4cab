import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { CoreAdminContext, Form, testDataProvider } from 'react-admin';
import { MSG } from '../../../../common/messages.js';
import { CompanyInputs, recordToCompanyPayload } from './CompanyInputs.js';

describe('CompanyInputs', () => {
  it('checks name, website and rating on blur with docs/spec.md §5 messages', async () => {
    const onSubmit = jest.fn();
    render(
      <CoreAdminContext dataProvider={testDataProvider()}>
        <Form record={{ featured: false }} onSubmit={onSubmit} mode="onBlur">
          <CompanyInputs onUploading={() => {}} />
          <button type="submit">Save</button>
        </Form>
      </CoreAdminContext>,
    );
    const name = document.querySelector<HTMLInputElement>('#company-name')!;
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await screen.findByText(MSG.companyNameRequired)).toBeTruthy();
    const website = document.querySelector<HTMLInputElement>('#company-website')!;
    await userEvent.type(website, 'not a url');
    fireEvent.blur(website);
    expect(await screen.findByText(MSG.invalidUrl('Website URL'))).toBeTruthy();
    const rating = document.querySelector<HTMLInputElement>('#company-rating')!;
    await userEvent.type(rating, '4.55');
    fireEvent.blur(rating);
    expect(await screen.findByText(MSG.ratingRange)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('recordToCompanyPayload', () => {
  it('sends docs/spec.md §3 fields with optional ones null when empty', () => {
    expect(recordToCompanyPayload({ name: ' Journey ', description: '', logoUrl: null, websiteUrl: ' https://j.example ', rating: 4.6, whyChooseUs: '', featured: true })).toEqual({
      name: 'Journey',
      aliases: [],
      description: null,
      logoUrl: null,
      websiteUrl: 'https://j.example',
      rating: 4.6,
      whyChooseUs: null,
      featured: true,
    });
    expect(recordToCompanyPayload({ name: 'X' })).toMatchObject({ rating: null, featured: false });
    // Aliases: a list as stored, or the comma-separated text being typed.
    expect(recordToCompanyPayload({ name: 'X', aliases: ['The 5%ers'] }).aliases).toEqual(['The 5%ers']);
    expect(recordToCompanyPayload({ name: 'X', aliases: 'The 5%ers, The5ers' as unknown as string[] }).aliases).toEqual(['The 5%ers', 'The5ers']);
  });
});
