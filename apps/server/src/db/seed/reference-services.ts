export type SeedService = {
  name: string;
  description: string;
  /** Credits a member pays to contact an ad for this service. */
  credit: number;
  isFavorite?: boolean;
};

export type SeedServiceFolder = {
  name: string;
  description: string;
  services: readonly SeedService[];
};

/**
 * The catalogue: one folder per category of the landing page (DESIGN 6). Credit costs follow what
 * a contact is worth to the contractor: small jobs cost little, projects and regular contracts more.
 */
export const SEED_SERVICE_FOLDERS: readonly SeedServiceFolder[] = [
  {
    name: 'Baštenski radovi',
    description: 'Održavanje dvorišta, vrtova i zelenih površina.',
    services: [
      {
        name: 'Košenje trave',
        description: 'Košenje travnjaka i okućnica trimerom ili kosačicom, sa odvozom pokošene trave.',
        credit: 10,
        isFavorite: true,
      },
      {
        name: 'Orezivanje voćki i živice',
        description: 'Zimsko i ljetnje orezivanje voćaka, oblikovanje živih ograda i ukrasnog šiblja.',
        credit: 15,
      },
      {
        name: 'Uređenje i sadnja vrta',
        description: 'Priprema zemljišta, sadnja cvijeća, povrća i ukrasnog bilja, postavljanje busena.',
        credit: 20,
      },
      {
        name: 'Sistemi za navodnjavanje',
        description: 'Projektovanje i ugradnja sistema kap po kap i automatskih prskalica.',
        credit: 30,
      },
      {
        name: 'Čišćenje dvorišta i odvoz zelenog otpada',
        description: 'Grabuljanje lišća, čišćenje zaraslih placeva i odvoz granja.',
        credit: 10,
      },
      {
        name: 'Sječa i cijepanje drva',
        description: 'Sječa stabala uz mjere opreza, rezanje i cijepanje drva za ogrjev.',
        credit: 15,
      },
    ],
  },
  {
    name: 'IT usluge',
    description: 'Računari, mreže, softver i prisustvo na internetu.',
    services: [
      {
        name: 'Izrada web sajta',
        description: 'Prezentacioni sajtovi i web prodavnice, sa domenom, hostingom i održavanjem.',
        credit: 40,
      },
      {
        name: 'Popravka računara i laptopa',
        description: 'Dijagnostika kvarova, zamjena djelova, čišćenje i nadogradnja računara.',
        credit: 15,
        isFavorite: true,
      },
      {
        name: 'Instalacija mreže i WiFi-a',
        description: 'Postavljanje kućnih i poslovnih mreža, rutera i pojačivača signala.',
        credit: 20,
      },
      {
        name: 'IT podrška za firme',
        description: 'Redovno održavanje računara, servera i naloga zaposlenih po mjesečnom ugovoru.',
        credit: 50,
      },
      {
        name: 'Izrada mobilne aplikacije',
        description: 'Aplikacije za Android i iOS, od ideje do objave u prodavnicama aplikacija.',
        credit: 50,
      },
      {
        name: 'Instalacija softvera i uklanjanje virusa',
        description: 'Instalacija operativnog sistema i programa, zaštita i čišćenje od virusa.',
        credit: 10,
      },
      {
        name: 'Vođenje društvenih mreža',
        description: 'Objave, oglašavanje i odgovaranje na poruke na Facebooku i Instagramu.',
        credit: 25,
      },
    ],
  },
  {
    name: 'Prevoz i selidbe',
    description: 'Prevoz stvari i ljudi, selidbe stanova i kancelarija.',
    services: [
      {
        name: 'Selidba stana',
        description: 'Pakovanje, iznošenje, prevoz i unošenje stvari, demontaža i montaža namještaja.',
        credit: 30,
        isFavorite: true,
      },
      {
        name: 'Kombi prevoz',
        description: 'Prevoz manjih tereta kombijem po gradu i između gradova.',
        credit: 15,
      },
      {
        name: 'Prevoz namještaja',
        description: 'Preuzimanje namještaja iz salona ili sa adrese i dostava na sprat.',
        credit: 15,
      },
      {
        name: 'Odvoz krupnog otpada',
        description: 'Odvoz starog namještaja, šuta i kabastog otpada na deponiju.',
        credit: 10,
      },
      {
        name: 'Aerodromski transfer',
        description: 'Prevoz do aerodroma Podgorica, Tivat i Dubrovnik i nazad.',
        credit: 10,
      },
      {
        name: 'Šlep služba',
        description: 'Prevoz neispravnih i havarisanih vozila, 0-24.',
        credit: 20,
      },
    ],
  },
  {
    name: 'Zdravlje i njega',
    description: 'Njega u kući, terapije i briga o djeci i starijima.',
    services: [
      {
        name: 'Njega starijih lica',
        description: 'Pomoć u kući starijim i nepokretnim osobama, dnevno ili sa boravkom.',
        credit: 25,
        isFavorite: true,
      },
      {
        name: 'Medicinska sestra u kućnoj posjeti',
        description: 'Davanje terapije, previjanje, mjerenje pritiska i šećera na adresi pacijenta.',
        credit: 20,
      },
      {
        name: 'Fizioterapija u kući',
        description: 'Rehabilitacija nakon povreda i operacija, vježbe i masaža na adresi.',
        credit: 20,
      },
      {
        name: 'Masaža',
        description: 'Relaks, sportska i terapeutska masaža u salonu ili kod klijenta.',
        credit: 10,
      },
      {
        name: 'Čuvanje djece',
        description: 'Čuvanje djece u kući roditelja, pomoć oko škole i igre.',
        credit: 15,
      },
      {
        name: 'Lični trener',
        description: 'Individualni treninzi, plan ishrane i praćenje napretka.',
        credit: 10,
      },
    ],
  },
  {
    name: 'Popravke i instalacije',
    description: 'Majstori za kuću i stan: struja, voda, klima, zidovi i podovi.',
    services: [
      {
        name: 'Električarske usluge',
        description: 'Elektroinstalacije, zamjena osigurača, utičnica i rasvjete, otklanjanje kvarova.',
        credit: 20,
        isFavorite: true,
      },
      {
        name: 'Vodoinstalaterske usluge',
        description: 'Popravka curenja, odgušenje odvoda, ugradnja bojlera i sanitarija.',
        credit: 20,
        isFavorite: true,
      },
      {
        name: 'Servis klima uređaja',
        description: 'Montaža, čišćenje, dezinfekcija i dopuna gasa klima uređaja.',
        credit: 15,
      },
      {
        name: 'Krečenje i gletovanje',
        description: 'Gletovanje, krečenje i dekorativne tehnike za stanove i poslovne prostore.',
        credit: 25,
      },
      {
        name: 'Postavljanje pločica',
        description: 'Oblaganje kupatila, kuhinja i terasa keramikom i granitnom keramikom.',
        credit: 30,
      },
      {
        name: 'Popravka kućnih aparata',
        description: 'Servis veš mašina, sudomašina, frižidera i šporeta na adresi.',
        credit: 15,
      },
      {
        name: 'Montaža namještaja',
        description: 'Sklapanje i montaža namještaja iz kompleta, kuhinja i ormara.',
        credit: 10,
      },
      {
        name: 'Bravarske usluge',
        description: 'Otvaranje vrata, zamjena brava i cilindara, izrada ograda i kapija.',
        credit: 15,
      },
    ],
  },
  {
    name: 'Dostava',
    description: 'Dostava paketa, hrane, namirnica i materijala na adresu.',
    services: [
      {
        name: 'Dostava hrane',
        description: 'Dostava jela iz restorana i ketering na kućnu ili poslovnu adresu.',
        credit: 5,
      },
      {
        name: 'Kurirska dostava paketa',
        description: 'Preuzimanje i dostava paketa i dokumenata isti dan u gradu.',
        credit: 5,
      },
      {
        name: 'Dostava namirnica',
        description: 'Kupovina i dostava namirnica iz marketa i sa pijace.',
        credit: 5,
      },
      {
        name: 'Dostava lijekova',
        description: 'Preuzimanje lijekova iz apoteke po receptu i dostava starijim osobama.',
        credit: 5,
      },
      {
        name: 'Dostava građevinskog materijala',
        description: 'Dostava pijeska, cementa, blokova i drugog materijala kamionom.',
        credit: 15,
      },
    ],
  },
];
