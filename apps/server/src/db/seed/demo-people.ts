/** Names and places the demo accounts are made of: common in Crna Gora, in Latin script. */

export const MALE_FIRST_NAMES = [
  'Marko',
  'Nikola',
  'Milan',
  'Stefan',
  'Luka',
  'Petar',
  'Vuk',
  'Filip',
  'Miloš',
  'Dejan',
  'Nemanja',
  'Aleksandar',
  'Vladimir',
  'Igor',
  'Boško',
  'Dragan',
  'Đorđe',
  'Žarko',
  'Ivan',
  'Balša',
  'Vasilije',
  'Andrija',
  'Nenad',
  'Srđan',
  'Goran',
  'Emir',
  'Adnan',
  'Edin',
  'Arben',
] as const;

export const FEMALE_FIRST_NAMES = [
  'Milica',
  'Jelena',
  'Ana',
  'Marija',
  'Jovana',
  'Ivana',
  'Tijana',
  'Sanja',
  'Dragana',
  'Tamara',
  'Maja',
  'Anđela',
  'Nevena',
  'Kristina',
  'Vesna',
  'Biljana',
  'Sara',
  'Teodora',
  'Danijela',
  'Slađana',
  'Amra',
  'Lejla',
  'Elma',
] as const;

export const LAST_NAMES = [
  'Petrović',
  'Vujović',
  'Radović',
  'Popović',
  'Vuković',
  'Nikolić',
  'Marković',
  'Jovanović',
  'Perović',
  'Bošković',
  'Kovačević',
  'Lakić',
  'Šćepanović',
  'Radulović',
  'Božović',
  'Mijušković',
  'Đurović',
  'Vukčević',
  'Raičević',
  'Knežević',
  'Ivanović',
  'Mitrović',
  'Pejović',
  'Medojević',
  'Dedić',
  'Kalač',
  'Hadžić',
  'Ljajić',
  'Camaj',
  'Vučinić',
  'Stanišić',
  'Đurišić',
  'Lalović',
  'Obradović',
  'Šaranović',
  'Zeković',
] as const;

/** Streets of the towns most demo users live in; an address is "street number, town". */
export const STREETS_BY_CITY: Readonly<Record<string, readonly string[]>> = {
  Podgorica: [
    'Bulevar Svetog Petra Cetinjskog',
    'Ulica slobode',
    'Hercegovačka',
    'Bulevar Džordža Vašingtona',
    'Moskovska',
    'Bulevar Ivana Crnojevića',
  ],
  Nikšić: ['Njegoševa', 'Ulica Vuka Karadžića', 'Bulevar 13. jula'],
  Budva: ['Mediteranska', 'Jadranski put', 'Ulica Mainski put'],
  Bar: ['Bulevar revolucije', 'Ulica Jovana Tomaševića', 'Obala 13. jula'],
  Kotor: ['Njegoševa', 'Put I Bokeljske brigade'],
  'Herceg Novi': ['Njegoševa', 'Ulica Save Kovačevića'],
  'Bijelo Polje': ['Ulica slobode', 'Tomaša Žižića'],
  Cetinje: ['Njegoševa', 'Baja Pivljanina'],
  Tivat: ['Palih boraca', 'Ulica 21. novembra'],
};

export const DEMO_TOWNS = Object.keys(STREETS_BY_CITY);

export type DemoCompany = {
  name: string;
  /** The services folder (by name) the company works in. */
  folder: string;
  town: string;
  details: string;
};

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    name: 'Zeleni kutak d.o.o.',
    folder: 'Baštenski radovi',
    town: 'Podgorica',
    details: 'Održavanje zelenih površina za stambene zgrade i firme od 2012.',
  },
  {
    name: 'Vrtlar Primorje d.o.o.',
    folder: 'Baštenski radovi',
    town: 'Budva',
    details: 'Uređenje vrtova vila i apartmana na primorju.',
  },
  {
    name: 'Bit Solutions d.o.o.',
    folder: 'IT usluge',
    town: 'Podgorica',
    details: 'Web razvoj, mobilne aplikacije i IT podrška za male i srednje firme.',
  },
  {
    name: 'Kod Studio d.o.o.',
    folder: 'IT usluge',
    town: 'Nikšić',
    details: 'Mali tim programera i dizajnera.',
  },
  {
    name: 'Brza selidba d.o.o.',
    folder: 'Prevoz i selidbe',
    town: 'Podgorica',
    details: 'Selidbe stanova i kancelarija u Crnoj Gori i regionu, sa osiguranjem stvari.',
  },
  {
    name: 'Primorje Trans d.o.o.',
    folder: 'Prevoz i selidbe',
    town: 'Bar',
    details: 'Kombi prevoz i transferi, vozni park od osam vozila.',
  },
  {
    name: 'Njega Plus d.o.o.',
    folder: 'Zdravlje i njega',
    town: 'Podgorica',
    details: 'Licencirane medicinske sestre i njegovateljice.',
  },
  {
    name: 'Elektro Lakić d.o.o.',
    folder: 'Popravke i instalacije',
    town: 'Nikšić',
    details: 'Elektroinstalacije i servis, dežurstvo vikendom.',
  },
  {
    name: 'Termo Klima Servis d.o.o.',
    folder: 'Popravke i instalacije',
    town: 'Herceg Novi',
    details: 'Ovlašćeni servis klima uređaja i toplotnih pumpi.',
  },
  {
    name: 'Majstor Boka d.o.o.',
    folder: 'Popravke i instalacije',
    town: 'Kotor',
    details: 'Adaptacije stanova, keramika, vodoinstalacije.',
  },
  {
    name: 'Ekspres Dostava d.o.o.',
    folder: 'Dostava',
    town: 'Podgorica',
    details: 'Kurirske usluge u gradu isti dan.',
  },
  {
    name: 'Sjever Kurir d.o.o.',
    folder: 'Dostava',
    town: 'Bijelo Polje',
    details: 'Dostava paketa i namirnica na sjeveru Crne Gore.',
  },
];

/** Short self-descriptions members write on their profile, by services folder. */
export const DETAILS_BY_FOLDER: Readonly<Record<string, readonly string[]>> = {
  'Baštenski radovi': ['Bavim se održavanjem dvorišta već deset godina.', 'Imam svoj alat i prevoz.'],
  'IT usluge': ['Programer, radim i vikendom.', 'Diplomirani inženjer elektrotehnike.'],
  'Prevoz i selidbe': ['Imam kombi i prikolicu.', 'Pouzdan i tačan, bez skrivenih troškova.'],
  'Zdravlje i njega': ['Medicinska sestra sa licencom.', 'Iskustvo u radu sa starijim osobama.'],
  'Popravke i instalacije': ['Majstor sa dugogodišnjim iskustvom.', 'Brzo, čisto i sa garancijom.'],
  Dostava: ['Dostavljam skuterom po cijelom gradu.', 'Radim svaki dan od jutra do večeri.'],
};

/** Lower-case ASCII for usernames and e-mail addresses. */
export function asciiSlug(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('đ', 'dj')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}
