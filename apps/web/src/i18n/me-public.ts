/**
 * The Montenegrin texts the public landing page needs, apart from the rest of the catalogue: the landing
 * page's script imports only these, so the admin panel's texts do not weigh on it.
 */
export const meCommon = {
  appName: 'Usluge',
  loading: 'Učitavanje…',
  save: 'Sačuvaj',
  cancel: 'Otkaži',
  close: 'Zatvori',
  confirm: 'Potvrdi',
  yes: 'Da',
  no: 'Ne',
  error: 'Greška',
  contactAdministrator: 'Kontaktirajte administratora',
  requiredNote: 'Polja označena zvjezdicom (*) su obavezna.',
  backHome: 'Nazad na početnu',
  language: 'Jezik',
  languages: { me: 'Crnogorski', en: 'English' },
  switchToDark: 'Uključi tamnu temu',
  switchToLight: 'Uključi svijetlu temu',
  skipToContent: 'Preskoči na glavni sadržaj',
};

export const meLanding = {
  nav: {
    label: 'Glavna navigacija',
    howItWorks: 'Kako funkcioniše',
    categories: 'Kategorije',
    application: 'Aplikacija',
    faq: 'Pitanja',
    contact: 'Kontakt',
    openMenu: 'Otvori meni',
    closeMenu: 'Zatvori meni',
    staffLogin: 'Prijava za osoblje',
  },
  hero: {
    title: 'Pronađite pouzdanog majstora za svaki posao',
    subtitle:
      'Objavite šta vam treba ili ponudite svoje usluge. Povezujemo ljude kojima treba pomoć sa provjerenim izvođačima u njihovoj blizini.',
    download: 'Preuzmite aplikaciju',
    learnMore: 'Kako funkcioniše',
  },
  benefits: {
    label: 'Prednosti',
    freeAccount: {
      title: 'Besplatno kreiranje naloga',
      text: 'Napravite nalog za minut, bez ikakvih troškova.',
    },
    verified: {
      title: 'Provjereni izvođači',
      text: 'Izvođači prolaze provjeru prije nego što ponude usluge.',
    },
    reviews: {
      title: 'Recenzije korisnika',
      text: 'Pročitajte iskustva drugih i ostavite svoju ocjenu.',
    },
    search: {
      title: 'Lako pretraživanje',
      text: 'Pronađite uslugu po kategoriji, mjestu i cijeni.',
    },
  },
  howItWorks: {
    title: 'Kako funkcioniše',
    stepLabel: 'Korak {{n}}',
    first: { title: 'Napravite nalog', text: 'Preuzmite aplikaciju i registrujte se besplatno.' },
    second: {
      title: 'Objavite oglas ili pretražite ponude',
      text: 'Opišite šta vam treba ili pronađite izvođača u svojoj blizini.',
    },
    third: {
      title: 'Dogovorite posao i ocijenite',
      text: 'Kontaktirajte izvođača, završite posao i ostavite recenziju.',
    },
  },
  categories: {
    title: 'Popularne kategorije',
    garden: { title: 'Radovi u bašti', text: 'Košenje, orezivanje i uređenje dvorišta.' },
    it: { title: 'IT usluge', text: 'Računari, mreže, web stranice i podrška.' },
    transport: { title: 'Prevoz i selidbe', text: 'Selidbe, prevoz robe i namještaja.' },
    health: { title: 'Zdravlje i njega', text: 'Njega starijih, masaža i fizioterapija.' },
    repair: { title: 'Popravke i montaža', text: 'Vodoinstalater, električar, montaža namještaja.' },
    delivery: { title: 'Dostava', text: 'Dostava paketa, hrane i namirnica.' },
  },
  application: {
    title: 'Preuzmite aplikaciju',
    text: 'Aplikacija je dostupna za Android, Apple i Huawei uređaje.',
    getItOn: 'Preuzmite na',
    googlePlay: 'Google Play',
    appStore: 'App Store',
    appGallery: 'AppGallery',
  },
  faq: {
    title: 'Često postavljana pitanja',
    freeAccount: {
      question: 'Da li je kreiranje naloga besplatno?',
      answer: 'Da. Kreiranje naloga je potpuno besplatno, potrebni su vam samo e-mail adresa i lozinka.',
    },
    verified: {
      question: 'Da li su izvođači provjereni?',
      answer: 'Da. Svaki izvođač prolazi provjeru podataka prije nego što može da ponudi usluge.',
    },
    reviews: {
      question: 'Mogu li ostaviti recenziju?',
      answer: 'Možete. Nakon završenog posla ocijenite izvođača i ostavite recenziju koja pomaže drugima.',
    },
    free: {
      question: 'Da li je korišćenje platforme besplatno?',
      answer: 'Da. Pretraživanje i objavljivanje oglasa na platformi su besplatni.',
    },
  },
  footer: {
    contactTitle: 'Kontakt',
    mail: 'Pišite nam',
    phone: 'Pozovite nas',
    socialTitle: 'Pratite nas',
    rights: '© {{year}} Usluge. Sva prava zadržana.',
  },
};
