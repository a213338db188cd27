import type { Language } from '@usluge/contract';

export const PRODUCT_NAME = 'Usluge';

export type MailTemplate =
  | 'verify_account'
  | 'reset_password'
  | 'delete_account'
  | 'lead_received'
  | 'lead_accepted'
  | 'lead_declined'
  | 'lead_refunded'
  | 'lead_refund_approved'
  | 'lead_refund_declined'
  | 'lead_refund_ad_removed'
  | 'ad_report_dismissed'
  | 'ad_report_status'
  | 'ad_status_statement';
export type RenderedMail = { subject: string; text: string; html: string };

/** A mail with a link says what the link does (`action`); a notice has no link. */
type Texts = { subject: string; greeting: string; body: string; action?: string; footer: string };

/**
 * What each mail says, in both languages; `{{hours}}` is how long a link works, the notices' other
 * `{{…}}` are their own parameters.
 */
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
  lead_received: {
    me: {
      subject: 'Novi kontakt za vaš oglas',
      greeting: 'Zdravo {{name}},',
      body: '{{member}} želi da vas kontaktira povodom oglasa „{{ad}}“ (usluga: {{service}}).',
      footer: 'Odgovorite u aplikaciji u roku od {{hours}} h: kada prihvatite, oboje vidite kontakt podatke.',
    },
    en: {
      subject: 'A new contact for your ad',
      greeting: 'Hello {{name}},',
      body: '{{member}} wants to get in touch about your ad "{{ad}}" (service: {{service}}).',
      footer:
        "Answer in the app within {{hours}} h: once you accept, you both see each other's contact details.",
    },
  },
  lead_accepted: {
    me: {
      subject: 'Kontakt je prihvaćen',
      greeting: 'Zdravo {{name}},',
      body: '{{poster}} je prihvatio vaš kontakt povodom oglasa „{{ad}}“. Telefon: {{phone}}, e-mail: {{email}}.',
      footer: 'Kontakt podatke vidite i u aplikaciji, među poslatim kontaktima.',
    },
    en: {
      subject: 'Your contact was accepted',
      greeting: 'Hello {{name}},',
      body: '{{poster}} accepted your contact about the ad "{{ad}}". Phone: {{phone}}, e-mail: {{email}}.',
      footer: 'You also find the contact details in the app, among your sent contacts.',
    },
  },
  lead_declined: {
    me: {
      subject: 'Kontakt nije prihvaćen',
      greeting: 'Zdravo {{name}},',
      body: 'Oglašivač nije prihvatio vaš kontakt povodom oglasa „{{ad}}“. Vratili smo vam {{credit}} kredita.',
      footer: 'Stanje kredita i promjene vidite u aplikaciji.',
    },
    en: {
      subject: 'Your contact was declined',
      greeting: 'Hello {{name}},',
      body: 'The poster declined your contact about the ad "{{ad}}". We gave you back {{credit}} credits.',
      footer: 'Your balance and its changes are in the app.',
    },
  },
  lead_refunded: {
    me: {
      subject: 'Krediti su vraćeni',
      greeting: 'Zdravo {{name}},',
      body: 'Oglašivač nije odgovorio na vaš kontakt povodom oglasa „{{ad}}“ u roku od {{hours}} h. Vratili smo vam {{credit}} kredita.',
      footer: 'Stanje kredita i promjene vidite u aplikaciji.',
    },
    en: {
      subject: 'Your credits are back',
      greeting: 'Hello {{name}},',
      body: 'The poster did not answer your contact about the ad "{{ad}}" within {{hours}} h. We gave you back {{credit}} credits.',
      footer: 'Your balance and its changes are in the app.',
    },
  },
  lead_refund_approved: {
    me: {
      subject: 'Zahtjev za povrat je odobren',
      greeting: 'Zdravo {{name}},',
      body: 'Odobrili smo vaš zahtjev za povrat za kontakt oglasa „{{ad}}“. Vratili smo vam {{credit}} kredita.',
      footer: 'Stanje kredita i promjene vidite u aplikaciji.',
    },
    en: {
      subject: 'Your refund request was approved',
      greeting: 'Hello {{name}},',
      body: 'We approved your refund request for the contact about the ad "{{ad}}". We gave you back {{credit}} credits.',
      footer: 'Your balance and its changes are in the app.',
    },
  },
  lead_refund_declined: {
    me: {
      subject: 'Zahtjev za povrat nije odobren',
      greeting: 'Zdravo {{name}},',
      body: 'Nismo odobrili vaš zahtjev za povrat za kontakt oglasa „{{ad}}“. Razlog: {{reason}}',
      footer: 'Za pitanja nam se javite odgovorom na ovu poruku.',
    },
    en: {
      subject: 'Your refund request was declined',
      greeting: 'Hello {{name}},',
      body: 'We did not approve your refund request for the contact about the ad "{{ad}}". Reason: {{reason}}',
      footer: 'If you have questions, answer this message.',
    },
  },
  lead_refund_ad_removed: {
    me: {
      subject: 'Krediti su vraćeni',
      greeting: 'Zdravo {{name}},',
      body: 'Oglas „{{ad}}“ koji ste kontaktirali je uklonjen. Vratili smo vam {{credit}} kredita.',
      footer: 'Stanje kredita i promjene vidite u aplikaciji.',
    },
    en: {
      subject: 'Your credits are back',
      greeting: 'Hello {{name}},',
      body: 'The ad "{{ad}}" you contacted was removed. We gave you back {{credit}} credits.',
      footer: 'Your balance and its changes are in the app.',
    },
  },
  ad_report_dismissed: {
    me: {
      subject: 'Vaša prijava oglasa je razmotrena',
      greeting: 'Zdravo {{name}},',
      body: 'Pregledali smo oglas „{{ad}}“ koji ste prijavili i nismo našli razlog da ga mijenjamo.',
      footer: 'Hvala što nam pomažete da oglasi budu ispravni.',
    },
    en: {
      subject: 'Your report of an ad was reviewed',
      greeting: 'Hello {{name}},',
      body: 'We reviewed the ad "{{ad}}" you reported and found no reason to change it.',
      footer: 'Thank you for helping us keep the ads right.',
    },
  },
  ad_report_status: {
    me: {
      subject: 'Postupili smo po vašoj prijavi oglasa',
      greeting: 'Zdravo {{name}},',
      body: 'Pregledali smo oglas „{{ad}}“ koji ste prijavili i promijenili mu status u: {{status}}.',
      footer: 'Hvala što nam pomažete da oglasi budu ispravni.',
    },
    en: {
      subject: 'We acted on your report of an ad',
      greeting: 'Hello {{name}},',
      body: 'We reviewed the ad "{{ad}}" you reported and changed its status to: {{status}}.',
      footer: 'Thank you for helping us keep the ads right.',
    },
  },
  // Issue 19: the statement of reasons of a status decision, composed in ads/statement-of-reasons.ts.
  ad_status_statement: {
    me: {
      subject: 'Odluka o vašem oglasu',
      greeting: 'Zdravo {{name}},',
      body: '{{statement}}',
      footer: 'Ako imate pitanja o ovoj odluci, odgovorite na ovu poruku.',
    },
    en: {
      subject: 'A decision on your ad',
      greeting: 'Hello {{name}},',
      body: '{{statement}}',
      footer: 'If you have questions about this decision, answer this message.',
    },
  },
};

/** A text of several paragraphs (blank lines between them, line breaks within) as HTML. */
const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** A mail in plain text and HTML, with the product's name and, for a mail with an action, the link. */
export function renderMail(
  template: MailTemplate,
  lang: Language,
  params: { name: string; link?: string } & Record<string, string | number>,
): RenderedMail {
  const texts = TEXTS[template][lang];
  const line = (text: string) => fill(text, params);
  const subject = `${PRODUCT_NAME}: ${texts.subject}`;
  const text = [
    line(texts.greeting),
    '',
    line(texts.body),
    '',
    ...(texts.action && params.link ? [`${texts.action}: ${params.link}`, ''] : []),
    line(texts.footer),
    '',
    PRODUCT_NAME,
  ].join('\n');
  const html = `<!doctype html><html lang="${lang === 'me' ? 'sr-Latn-ME' : 'en'}"><body style="font-family:sans-serif;line-height:1.5;color:#1c1c1c">
<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(line(texts.greeting))}</p>
${paragraphsHtml(line(texts.body))}
${texts.action && params.link ? `<p><a href="${escapeHtml(params.link)}" style="display:inline-block;padding:10px 16px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(texts.action)}</a></p>\n` : ''}<p style="font-size:13px;color:#555">${escapeHtml(line(texts.footer))}</p>
</body></html>`;
  return { subject, text, html };
}

/**
 * The same words as a notice for the inbox (no greeting, link or product name): what a mail that
 * tells about a change also says in the app.
 */
export function renderNotice(
  template: MailTemplate,
  lang: Language,
  params: Record<string, string | number>,
): { subject: string; text: string } {
  const texts = TEXTS[template][lang];
  return { subject: texts.subject, text: `${fill(texts.body, params)} ${fill(texts.footer, params)}` };
}
