/**
 * The colour a picture's box shows before the picture arrives (issue #22: logos below the fold were white boxes):
 * the picture's own background, read from its four corners. A corner that is mostly see-through means the picture
 * sits on whatever is behind it, which for a logo is the white of its box.
 */
export function backgroundOf(pixels: Uint8Array, width: number, height: number, channels: number): string {
  const corners = [[0, 0], [width - 1, 0], [0, height - 1], [width - 1, height - 1]];
  const sum = [0, 0, 0];
  for (const [x, y] of corners) {
    const at = (y * width + x) * channels;
    if (channels === 4 && pixels[at + 3] < 128) return '#ffffff';
    for (let c = 0; c < 3; c++) sum[c] += pixels[at + c];
  }
  return `#${sum.map((s) => Math.round(s / corners.length).toString(16).padStart(2, '0')).join('')}`;
}
