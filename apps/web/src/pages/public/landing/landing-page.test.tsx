import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetApp } from '../../../test/render-app.tsx';
import { fakeScreen } from '../../../test/setup.ts';
import { resetThemeMode } from '../../../theme/theme-mode.ts';
import { LandingPage } from './landing-page.tsx';

describe('landing page', () => {
  beforeEach(async () => {
    await resetApp();
  });

  it('has the anchors of the spec, each reachable from the menu', () => {
    const { container } = render(<LandingPage />);
    for (const id of ['how-it-works', 'application', 'faq-section', 'contact']) {
      expect(container.querySelector(`#${id}`), id).not.toBeNull();
      expect(container.querySelector(`nav a[href="#${id}"]`), id).not.toBeNull();
    }
  });

  it('shows six popular categories and three steps', () => {
    render(<LandingPage />);
    const categories = screen.getByRole('heading', { name: 'Popularne kategorije' })
      .parentElement as HTMLElement;
    expect(within(categories).getAllByRole('listitem')).toHaveLength(6);
    for (const name of [
      'Radovi u bašti',
      'IT usluge',
      'Prevoz i selidbe',
      'Zdravlje i njega',
      'Popravke i montaža',
      'Dostava',
    ]) {
      expect(within(categories).getByRole('heading', { name })).toBeInTheDocument();
    }
    const steps = screen.getByRole('heading', { name: 'Kako funkcioniše' }).parentElement as HTMLElement;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
  });

  it('links to the three app stores', () => {
    render(<LandingPage />);
    const application = screen
      .getByRole('heading', { name: 'Preuzmite aplikaciju' })
      .closest('section') as HTMLElement;
    const links = within(application).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Preuzmite naGoogle Play',
      'Preuzmite naApp Store',
      'Preuzmite naAppGallery',
    ]);
  });

  it('shows and hides each of the four FAQ answers', async () => {
    const user = userEvent.setup();
    render(<LandingPage />);
    const faq = screen.getByRole('heading', { name: 'Često postavljana pitanja' })
      .parentElement as HTMLElement;
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(4);
    const question = screen.getByRole('button', { name: 'Da li je kreiranje naloga besplatno?' });
    const answer = screen.getByText(/Kreiranje naloga je potpuno besplatno/);
    expect(answer).not.toBeVisible();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    await user.click(question);
    expect(answer).not.toBeVisible();
  });

  it('has a footer with mail, phone and four social links', () => {
    const { container } = render(<LandingPage />);
    const footer = container.querySelector('footer#contact') as HTMLElement;
    expect(
      within(footer)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.startsWith('mailto:')),
    ).toHaveLength(1);
    expect(
      within(footer)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.startsWith('tel:')),
    ).toHaveLength(1);
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('opens and closes the mobile menu', async () => {
    fakeScreen.width = 390;
    const user = userEvent.setup();
    render(<LandingPage />);
    const toggle = screen.getByRole('button', { name: 'Otvori meni' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Zatvori meni' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Pitanja' }));
    expect(screen.getByRole('button', { name: 'Otvori meni' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('switches the language and remembers it', async () => {
    const user = userEvent.setup();
    render(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pronađite pouzdanog majstora');
    await user.click(screen.getByRole('button', { name: 'EN English' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find a reliable professional');
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await user.click(screen.getByRole('button', { name: 'ME Crnogorski' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pronađite');
    expect(document.documentElement.lang).toBe('sr-Latn-ME');
  });

  it('takes the first theme from the system setting, then remembers the toggle', async () => {
    fakeScreen.isDarkPreferred = true;
    resetThemeMode();
    const user = userEvent.setup();
    render(<LandingPage />);
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Uključi svijetlu temu' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('theme-mode')).toBe('light');
    resetThemeMode();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
