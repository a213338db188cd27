import type { Language } from '@usluge/contract';

export const PRODUCT_NAME = 'Usluge';

export type MailTemplate = 'verify_account' | 'reset_password' | 'delete_account';
export type RenderedMail = { subject: string; text: string; html: string };

type Texts = { subject: string; greeting: string; body: string; action: string; footer: string };

/** What each mail says, in both languages; `{{hours}}` is how long the link works. */
const TEXTS: Record<MailTemplate, Record<Language, Texts>> = {
  verify_account: {
    me: {
      subject: 'Potvrdite svoj nalog',
      greeting: 'Zdravo {{name}},',
      body: 'hvala što ste se registrovali. Potvrdite svoju e-mail adresu da biste aktivirali nalog.',
      action: 'Potvrdi nalog',
      footer: 'Link važi {{hours}} h. Ako niste otvorili nalog, zanemarite ovu poruku.',
    },
    en: {
      subject: 'Confirm your account',
      greeting: 'Hello {{name}},',
      body: 'thank you for signing up. Confirm your e-mail address to activate your account.',
      action: 'Confirm account',
      footer: 'The link works for {{hours}} h. If you did not sign up, ignore this message.',
    },
  },
  reset_password: {
    me: {
      subject: 'Nova lozinka',
      greeting: 'Zdravo {{name}},',
      body: 'zatražena je nova lozinka za vaš nalog. Postavite je preko linka ispod.',
      action: 'Postavi novu lozinku',
      footer:
        'Link važi {{hours}} h i može se iskoristiti jednom. Ako niste tražili novu lozinku, zanemarite ovu poruku.',
    },
    en: {
      subject: 'New password',
      greeting: 'Hello {{name}},',
      body: 'a new password was requested for your account. Set it with the link below.',
      action: 'Set a new password',
      footer:
        'The link works for {{hours}} h, once. If you did not ask for a new password, ignore this message.',
    },
  },
  delete_account: {
    me: {
      subject: 'Potvrdite brisanje naloga',
      greeting: 'Zdravo {{name}},',
      body: 'zatraženo je brisanje vašeg naloga. Kada potvrdite, vaši lični podaci biće uklonjeni i nalog zatvoren.',
      action: 'Potvrdi brisanje naloga',
      footer:
        'Link važi {{hours}} h. Ako niste tražili brisanje, zanemarite ovu poruku: nalog ostaje kakav jeste.',
    },
    en: {
      subject: 'Confirm the deletion of your account',
      greeting: 'Hello {{name}},',
      body: 'the deletion of your account was requested. Once you confirm, your personal data is removed and the account closed.',
      action: 'Confirm the deletion',
      footer:
        'The link works for {{hours}} h. If you did not ask for this, ignore this message: the account stays as it is.',
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** A mail in plain text and HTML, with the product's name and the link. */
export function renderMail(
  template: MailTemplate,
  lang: Language,
  params: { name: string; link: string; hours: number },
): RenderedMail {
  const texts = TEXTS[template][lang];
  const line = (text: string) => fill(text, params);
  const subject = `${PRODUCT_NAME}: ${texts.subject}`;
  const text = [
    line(texts.greeting),
    '',
    line(texts.body),
    '',
    `${texts.action}: ${params.link}`,
    '',
    line(texts.footer),
    '',
    PRODUCT_NAME,
  ].join('\n');
  const html = `<!doctype html><html lang="${lang === 'me' ? 'sr-Latn-ME' : 'en'}"><body style="font-family:sans-serif;line-height:1.5;color:#1c1c1c">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(line(texts.greeting))}</p>
<p>${escapeHtml(line(texts.body))}</p>
<p><a href="${escapeHtml(params.link)}" style="display:inline-block;padding:10px 16px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(texts.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(line(texts.footer))}</p>
</body></html>`;
  return { subject, text, html };
}
