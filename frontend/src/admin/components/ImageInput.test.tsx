import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Form, testDataProvider, CoreAdminContext } from 'react-admin';
import { MSG } from '../../../../common/messages.js';
import { ImageInput } from './ImageInput.js';

function renderInput(defaultValue: string | null = null, onSubmit = jest.fn()) {
  render(
    <CoreAdminContext dataProvider={testDataProvider()}>
      <Form record={{ id: 1, logoUrl: defaultValue }} onSubmit={onSubmit}>
        <ImageInput source="logoUrl" label="Logo" kind="logo" />
        <button type="submit">Save</button>
      </Form>
    </CoreAdminContext>,
  );
  return onSubmit;
}

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;

describe('ImageInput', () => {
  // Every case here is decided in the browser; the real upload is proven by the browser journeys.
  const fetchSpy = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchSpy.mockReset();
    globalThis.fetch = fetchSpy;
  });

  it('refuses a file that is not a picture with docs/spec.md §5 message, and sends nothing', async () => {
    renderInput();
    await userEvent.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.uploadInvalidType);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByTestId('image-input-logoUrl').dataset.state).toBe('error');
  });

  it('refuses a picture over 5 MB', async () => {
    renderInput();
    await userEvent.upload(fileInput(), png(5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.uploadTooLarge);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses two pictures dropped at once', async () => {
    renderInput();
    const drop = screen.getByText('PNG, JPG up to 5MB').closest('div')!.parentElement!;
    fireEvent.drop(drop, { dataTransfer: { files: [png(), png()] } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.uploadOneImage);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the record's picture with the hint, and a server-side field error on the field", async () => {
    render(
      <CoreAdminContext dataProvider={testDataProvider()}>
        <Form record={{ id: 1, logoUrl: '/media/old.webp' }} validate={() => ({ logoUrl: 'Logo must be a valid URL or an uploaded image' })}>
          <ImageInput source="logoUrl" label="Logo" kind="logo" />
          <button type="submit">Save</button>
        </Form>
      </CoreAdminContext>,
    );
    expect(screen.getByAltText('Logo preview').getAttribute('src')).toBe('/media/old.webp');
    expect(screen.getByText('PNG, JPG up to 5MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace image' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Logo must be a valid URL or an uploaded image');
  });

  it('removes the picture: the field is submitted as null', async () => {
    const onSubmit = renderInput('/media/old.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByAltText('Logo preview')).toBeNull();
    expect(screen.getByText('No image')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ logoUrl: null });
  });
});
