import { defaultDarkTheme, type RaThemeOptions } from 'react-admin';

/** Dark, brand #0099ff (SPEC §1), matching the public site. */
export const adminTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#0099ff' },
    background: { default: '#0b1120', paper: '#121a2e' },
  },
  shape: { borderRadius: 12 },
};
