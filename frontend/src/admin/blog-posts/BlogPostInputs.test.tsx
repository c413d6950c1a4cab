import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, Form, SaveContextProvider, testDataProvider } from 'react-admin';
import { EMPTY_POST, toPayload, valuesFromPost, type PostFormValues } from '../../../../common/post-form.js';
import { MSG } from '../../../../common/messages.js';
import type { BlogPostJson } from '../../../../common/api-types.js';
import { BlogPostInputs } from './BlogPostInputs.js';

type Submit = (values: PostFormValues) => void;

function renderForm(mode: 'create' | 'edit', record: PostFormValues = EMPTY_POST) {
  const onSubmit = jest.fn<Submit>();
  render(
    <CoreAdminContext dataProvider={testDataProvider()}>
      <SaveContextProvider value={{ save: async () => undefined, saving: false, mutationMode: 'pessimistic' }}>
        <Form record={record} onSubmit={onSubmit as never} mode="onBlur" reValidateMode="onBlur" noValidate>
          <BlogPostInputs mode={mode} />
        </Form>
      </SaveContextProvider>
    </CoreAdminContext>,
  );
  return onSubmit;
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;
// Wide screens show the sidebar's submit; the phone bar's twin is in the DOM too (CSS decides, jsdom has none).
const submit = (name: string) => screen.getAllByRole('button', { name })[0];

async function pick(selectId: string, option: string) {
  await userEvent.click(field(selectId));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('BlogPostInputs (the post form)', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn<typeof fetch>();
  });

  it('derives the slug from the title until the slug is edited by hand (docs/spec.md §4)', async () => {
    renderForm('create');
    await userEvent.type(field('post-title'), '  Hello, Funded World!  ');
    expect(field('post-slug').value).toBe('hello-funded-world');
    await userEvent.clear(field('post-slug'));
    await userEvent.type(field('post-slug'), 'my-own-slug');
    await userEvent.type(field('post-title'), ' again');
    expect(field('post-slug').value).toBe('my-own-slug');
  });

  it("keeps an existing post's slug when its title changes", async () => {
    const post = { id: 7, slug: 'kept-slug', title: 'Old title', content: '<p>x</p>', status: 'draft', category: 'news', tags: [] } as unknown as BlogPostJson;
    renderForm('edit', valuesFromPost(post));
    await userEvent.type(field('post-title'), ' and more');
    expect(field('post-slug').value).toBe('kept-slug');
    expect(submit('Update Post')).toBeTruthy();
  });

  it("shows docs/spec.md §5's messages on blur and does not submit an invalid form", async () => {
    const onSubmit = renderForm('create');
    await userEvent.click(field('post-title'));
    await userEvent.tab();
    expect(await screen.findByText(MSG.titleRequired)).toBeTruthy();
    await userEvent.type(field('post-slug'), 'Not A Slug');
    await userEvent.tab();
    expect(await screen.findByText(MSG.slugFormat)).toBeTruthy();
    await userEvent.click(submit('Create Post'));
    expect(await screen.findByText(MSG.contentRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows Published Date only while the status is published, and submits the values docs/spec.md §7 sends', async () => {
    const onSubmit = renderForm('create');
    expect(screen.queryByText('Pick a date')).toBeNull();
    await userEvent.type(field('post-title'), 'Prop firms in 2026');
    await userEvent.type(field('post-content'), '<p>Body</p>');
    await userEvent.type(field('post-tags'), ' funding , , payouts ');
    await pick('post-status', 'Published');
    await userEvent.click(screen.getByRole('button', { name: /Pick a date/ }));
    // A date and a time, in the editor's zone, which the form names (issue #18).
    expect(screen.getByTestId('post-time-zone').textContent).toMatch(/^Your time zone: .+ \(UTC[+-]\d{2}:\d{2}\)$/);
    fireEvent.change(field('post-published-at'), { target: { value: '2025-03-14T14:56' } });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await pick('post-category', 'Guide');
    await userEvent.click(submit('Create Post'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toPayload(onSubmit.mock.calls[0][0])).toEqual({
      title: 'Prop firms in 2026',
      slug: 'prop-firms-in-2026',
      content: '<p>Body</p>',
      status: 'published',
      category: 'guide',
      excerpt: null,
      featuredImageUrl: null,
      authorName: null,
      tags: ['funding', 'payouts'],
      companyIds: [],
      publishedAt: new Date(2025, 2, 14, 14, 56).toISOString(),
      metaTitle: null,
      metaDescription: null,
    });
  });
});
