import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rejectionReasons } from '../schema/index.ts';

/** The rejection reason templates a new installation starts with (issue 19); staff edit them freely. */
export const SEED_REJECTION_REASONS = [
  {
    title_me: 'Nepotpun opis',
    title_en: 'Incomplete description',
    text_me:
      'Opis ne kaže dovoljno o usluzi: šta tačno nudite ili tražite, gdje i pod kojim uslovima. Dopunite opis tako da korisnik iz njega razumije uslugu bez dodatnih pitanja.',
    text_en:
      'The description does not say enough about the service: what exactly you offer or look for, where and on what terms. Complete it so that a reader understands the service without further questions.',
  },
  {
    title_me: 'Zabranjena usluga',
    title_en: 'Prohibited service',
    text_me:
      'Usluga iz oglasa nije dozvoljena na platformi (protivzakonita ili zabranjena pravilima korišćenja). Takav oglas ne može biti odobren; uklonite zabranjeni dio ili objavite drugu uslugu.',
    text_en:
      'The service in the ad is not allowed on the platform (unlawful or prohibited by the terms of use). Such an ad cannot be approved; remove the prohibited part or publish another service.',
  },
  {
    title_me: 'Cijena navodi na pogrešan zaključak',
    title_en: 'Misleading price',
    text_me:
      'Cijena u oglasu ne odgovara usluzi iz opisa ili je nerealna. Navedite stvarnu cijenu ili raspon cijena i u opisu objasnite šta ulazi u cijenu.',
    text_en:
      'The price in the ad does not match the service described or is unrealistic. State the real price or price range and explain in the description what it includes.',
  },
  {
    title_me: 'Pogrešna kategorija',
    title_en: 'Wrong category',
    text_me:
      'Izabrane usluge ne odgovaraju sadržaju oglasa, pa ga korisnici neće naći tamo gdje ga traže. Izaberite usluge koje opisuju ono što nudite ili tražite.',
    text_en:
      'The chosen services do not match what the ad is about, so members will not find it where they look. Choose the services that describe what you offer or look for.',
  },
  {
    title_me: 'Kontakt podaci u tekstu',
    title_en: 'Contact details in the text',
    text_me:
      'Naslov ili opis sadrži broj telefona, e-mail adresu ili link. Kontakt se ostvaruje kroz aplikaciju: uklonite kontakt podatke iz teksta oglasa.',
    text_en:
      'The title or description contains a phone number, an e-mail address or a link. Members get in touch through the app: remove the contact details from the text of the ad.',
  },
] as const;

/**
 * Seeds the templates once: only while the table has none, so that a template staff renamed or
 * deactivated does not come back on the next start (the table has no natural key to match on).
 */
export async function seedRejectionReasons(db: Database): Promise<void> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(rejectionReasons);
  if ((existing?.count ?? 0) > 0) return;
  await db.insert(rejectionReasons).values([...SEED_REJECTION_REASONS]);
}
