import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { resetApp } from '../test/render-app.tsx';
import { MuiThemeProvider } from './mui-theme-provider.tsx';

function EmptyAutocomplete() {
  return (
    <MuiThemeProvider>
      <Autocomplete options={[]} renderInput={(params) => <TextField {...params} label="Grad" />} />
    </MuiThemeProvider>
  );
}

describe("MUI's own texts follow the interface language", () => {
  beforeEach(async () => {
    await resetApp();
  });

  it("an Autocomplete reads 'Otvori' and 'Nema opcija' in Montenegrin", async () => {
    const user = userEvent.setup();
    render(<EmptyAutocomplete />);
    await user.click(screen.getByRole('button', { name: 'Otvori' }));
    expect(await screen.findByText('Nema opcija')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zatvori' })).toBeInTheDocument();
  });

  it("an Autocomplete reads 'Open' and 'No options' in English, switched while shown", async () => {
    const user = userEvent.setup();
    render(<EmptyAutocomplete />);
    expect(screen.getByRole('button', { name: 'Otvori' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('No options')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
