import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n.ts';
import { resetApp } from '../../test/render-app.tsx';
import { FilterField } from './filter-field.tsx';
import { parseFilter } from './list-state.ts';

const PRICE = { kind: 'number', operator: 'gte' } as const;

/** The filter as a list holds it: the plain value in state, applied on Enter. */
function PriceFilter({ initial, onApply }: { initial: string; onApply: (plain: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FilterField filter={PRICE} title="Cijena od" value={value} onChange={setValue} onApply={onApply} />
      <output data-testid="state">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </>
  );
}

async function renderPrice(language: 'me' | 'en', initial = '') {
  cleanup();
  await resetApp();
  await changeLanguage(language);
  const onApply = vi.fn();
  render(<PriceFilter initial={initial} onApply={onApply} />);
  const input = screen.getByRole('textbox', { name: /Cijena od/ });
  return { input, onApply, state: () => screen.getByTestId('state').textContent };
}

describe('a number filter is typed in the interface language and kept plain', () => {
  it('reads 1.234,50 in Montenegrin and keeps 1234.5 in the list state', async () => {
    const { input, onApply, state } = await renderPrice('me');
    await userEvent.type(input, '1.234,50{Enter}');
    expect(state()).toBe('1234.5');
    expect(onApply).toHaveBeenLastCalledWith('1234.5');
    expect(parseFilter(PRICE, '1234.5')).toEqual({ operator: 'gte', value: 1234.5 });
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('reads 1,234.50 in English', async () => {
    const { input, onApply } = await renderPrice('en');
    await userEvent.type(input, '1,234.50{Enter}');
    expect(onApply).toHaveBeenLastCalledWith('1234.5');
  });

  it("shows a kept value with the language's decimal mark and no group marks (an id stays 12345)", async () => {
    expect((await renderPrice('me', '1234.5')).input).toHaveValue('1234,5');
    expect((await renderPrice('en', '1234.5')).input).toHaveValue('1234.5');
    expect((await renderPrice('me', '12345')).input).toHaveValue('12345');
  });

  it("marks the other language's form and filters nothing with it, never guessing", async () => {
    const { input, onApply } = await renderPrice('me');
    await userEvent.type(input, '12.5{Enter}');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('title', 'Unesite iznos, npr. 1.234,50 ili 1234,50.');
    expect(onApply).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('12.5');
  });

  it('empties the field when the filters are cleared from outside', async () => {
    const { input, state } = await renderPrice('me', '500');
    expect(input).toHaveValue('500');
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(state()).toBe('');
    expect(input).toHaveValue('');
  });
});
