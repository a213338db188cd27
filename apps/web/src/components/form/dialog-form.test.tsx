import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetApp } from '../../test/render-app.tsx';
import { DialogForm } from './dialog-form.tsx';
import type { FormField } from './form-types.ts';

const NOTE = 'Polja označena zvjezdicom (*) su obavezna.';

type Values = { name: string };

const NAME_FIELD: FormField<Values> = {
  name: 'name',
  labelKey: 'columns.name',
  kind: 'text',
  isRequired: true,
};

/** A DialogForm with the given generic fields, and a required input of its own behind a switch. */
function Harness({ fields }: { fields: readonly FormField<Values>[] }) {
  const form = useForm<Values>({ defaultValues: { name: '' } });
  const [isOwnFieldShown, setOwnFieldShown] = useState(false);
  return (
    <DialogForm
      titleId="title"
      title="Potvrda"
      control={form.control}
      fields={fields}
      onSubmit={(event) => event.preventDefault()}
      onClose={() => {}}
      submitButton={<button type="submit">Potvrdi</button>}
    >
      <button type="button" onClick={() => setOwnFieldShown(true)}>
        show own field
      </button>
      {isOwnFieldShown && <input aria-label="reason" required />}
    </DialogForm>
  );
}

describe('dialog form: the required-fields note', () => {
  beforeEach(async () => {
    await resetApp();
  });

  it('is not shown on a confirmation without fields', () => {
    render(<Harness fields={[]} />);
    expect(screen.getByRole('button', { name: 'Potvrdi' })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });

  it('is shown when a generic field is required', () => {
    render(<Harness fields={[NAME_FIELD]} />);
    expect(screen.getByText(NOTE)).toBeInTheDocument();
  });

  it("appears when a dialog's own required input is shown", async () => {
    const user = userEvent.setup();
    render(<Harness fields={[]} />);
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'show own field' }));
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
  });
});
