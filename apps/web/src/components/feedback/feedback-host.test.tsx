import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApp } from '../../test/render-app.tsx';
import { FeedbackHost } from './feedback-host.tsx';
import { feedback, SNACKBAR_DURATION_MS } from './feedback-store.ts';

describe('feedback host', () => {
  beforeEach(async () => {
    await resetApp();
  });

  it('shows a success snackbar for 3000 ms', async () => {
    expect(SNACKBAR_DURATION_MS).toBe(3000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<FeedbackHost />);
    act(() => feedback.showSuccess('Uspješno ste napravili notifikaciju'));
    const alert = screen.getByText('Uspješno ste napravili notifikaciju').closest('.MuiAlert-root');
    expect(alert?.className).toMatch(/colorSuccess|filledSuccess/);
    await act(() => vi.advanceTimersByTimeAsync(SNACKBAR_DURATION_MS - 200));
    expect(screen.getByText('Uspješno ste napravili notifikaciju')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText('Uspješno ste napravili notifikaciju')).not.toBeInTheDocument();
  });

  it("titles the error dialog 'Greška'", () => {
    render(<FeedbackHost />);
    act(() => feedback.showError(null));
    expect(screen.getByRole('dialog', { name: 'Greška' })).toHaveTextContent('Kontaktirajte administratora');
  });
});
