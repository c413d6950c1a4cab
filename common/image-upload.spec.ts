import { IMAGE_MAX_BYTES } from './constants.js';
import { imageSelectionProblem } from './image-upload.js';
import { MSG } from './messages.js';

const file = (type: string, size = 1000) => ({ type, size });

describe('imageSelectionProblem', () => {
  it('accepts one png, jpeg or webp up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) expect(imageSelectionProblem([file(type, IMAGE_MAX_BYTES)])).toBeNull();
  });

  it('refuses none or several files, other types, and files over 5 MB with SPEC\u2019s messages', () => {
    expect(imageSelectionProblem([])).toBe(MSG.uploadOneImage);
    expect(imageSelectionProblem([file('image/png'), file('image/png')])).toBe(MSG.uploadOneImage);
    expect(imageSelectionProblem([file('image/gif')])).toBe(MSG.uploadInvalidType);
    expect(imageSelectionProblem([file('text/plain')])).toBe(MSG.uploadInvalidType);
    expect(imageSelectionProblem([file('image/png', IMAGE_MAX_BYTES + 1)])).toBe(MSG.uploadTooLarge);
  });
});
