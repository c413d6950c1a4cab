/**
 * The colour a picture's box shows before the picture arrives (issue #22: logos below the fold were white boxes):
 * the picture's own background, read from the middle of its four edges (not the corners: a logo drawn as a rounded
 * tile is see-through there). An edge that is mostly see-through means the picture sits on whatever is behind it,
 * which for a logo is the white of its box — the colour stays behind the picture once it has arrived.
 */
export function backgroundOf(pixels: Uint8Array, width: number, height: number, channels: number): string {
  const midX = Math.floor(width / 2);
  const midY = Math.floor(height / 2);
  const edges = [[midX, 0], [0, midY], [width - 1, midY], [midX, height - 1]];
  const sum = [0, 0, 0];
  for (const [x, y] of edges) {
    const at = (y * width + x) * channels;
    if (channels === 4 && pixels[at + 3] < 128) return '#ffffff';
    for (let c = 0; c < 3; c++) sum[c] += pixels[at + c];
  }
  return `#${sum.map((s) => Math.round(s / edges.length).toString(16).padStart(2, '0')).join('')}`;
}
