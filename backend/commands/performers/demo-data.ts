/** Twelve approved demo performers, seeded once on an empty store (`SEED_DEMO`). */
export const DEMO_PERFORMER_PASSWORD = 'demo-performer';

type DemoPerformer = {
  username: string;
  name: string;
  dateOfBirth: string;
  rate: number;
  rating: number;
  category: 'Standard' | 'Premium' | 'VIP';
  languages: string[];
  hairColor: string;
  eyeColor: string;
  bodyType: string;
  ethnicity: string;
  height: number;
  specialFeatures: string[];
  bio: string;
};

export const demoPerformers: DemoPerformer[] = [
  { username: 'giulia.rossi', name: 'Giulia', dateOfBirth: '1998-04-12', rate: 3, rating: 4.8, category: 'Premium', languages: ['Italiano', 'English'], hairColor: 'Mora', eyeColor: 'Marroni', bodyType: 'Snella', ethnicity: 'Caucasica', height: 168, specialFeatures: ['Tatuaggi'], bio: 'Romana, solare e curiosa. Amo le chiacchierate lunghe, il cinema d’autore e le serate senza fretta.' },
  { username: 'sofia.marino', name: 'Sofia', dateOfBirth: '1995-09-03', rate: 2, rating: 4.5, category: 'Standard', languages: ['Italiano'], hairColor: 'Bionda', eyeColor: 'Azzurri', bodyType: 'Atletica', ethnicity: 'Caucasica', height: 172, specialFeatures: [], bio: 'Istruttrice di yoga di giorno, confidente di sera. Ti ascolto davvero.' },
  { username: 'valentina.greco', name: 'Valentina', dateOfBirth: '1993-01-27', rate: 5, rating: 4.9, category: 'VIP', languages: ['Italiano', 'English', 'Français'], hairColor: 'Rossa', eyeColor: 'Verdi', bodyType: 'Curvy', ethnicity: 'Caucasica', height: 165, specialFeatures: ['Tatuaggi', 'Piercing'], bio: 'Milanese, elegante e ironica. Sessioni private curate in ogni dettaglio.' },
  { username: 'camila.lopez', name: 'Camila', dateOfBirth: '1999-06-18', rate: 2.5, rating: 4.6, category: 'Premium', languages: ['Español', 'Italiano', 'English'], hairColor: 'Castano', eyeColor: 'Marroni', bodyType: 'Curvy', ethnicity: 'Latina', height: 160, specialFeatures: ['Piercing'], bio: 'Da Bogotá a Bologna: balli, risate e tanta energia latina.' },
  { username: 'aiko.tanaka', name: 'Aiko', dateOfBirth: '1997-11-02', rate: 3.5, rating: 4.7, category: 'Premium', languages: ['English', 'Italiano'], hairColor: 'Nera', eyeColor: 'Neri', bodyType: 'Snella', ethnicity: 'Asiatica', height: 158, specialFeatures: [], bio: 'Illustratrice e gamer. Dolce, timida all’inizio, poi sorprendente.' },
  { username: 'amara.diallo', name: 'Amara', dateOfBirth: '1996-02-14', rate: 4, rating: 4.4, category: 'VIP', languages: ['Français', 'English'], hairColor: 'Nera', eyeColor: 'Marroni', bodyType: 'Atletica', ethnicity: 'Africana', height: 178, specialFeatures: ['Tatuaggi'], bio: 'Modella e ballerina parigina. Sicura di sé, diretta, affascinante.' },
  { username: 'elena.ferrari', name: 'Elena', dateOfBirth: '1990-07-21', rate: 1.5, rating: 4.2, category: 'Standard', languages: ['Italiano', 'Deutsch'], hairColor: 'Bionda', eyeColor: 'Grigi', bodyType: 'Plus Size', ethnicity: 'Caucasica', height: 170, specialFeatures: [], bio: 'Altoatesina, calda e accogliente. Parliamo di tutto, senza giudizi.' },
  { username: 'lucia.bianchi', name: 'Lucia', dateOfBirth: '2000-12-05', rate: 1, rating: 3.9, category: 'Standard', languages: ['Italiano'], hairColor: 'Castano', eyeColor: 'Verdi', bodyType: 'Snella', ethnicity: 'Mista', height: 163, specialFeatures: ['Piercing'], bio: 'Studentessa di design a Torino. Nuova qui, piena di curiosità.' },
  { username: 'nadia.petrova', name: 'Nadia', dateOfBirth: '1994-05-30', rate: 4.5, rating: 4.8, category: 'VIP', languages: ['English', 'Deutsch', 'Italiano'], hairColor: 'Bionda', eyeColor: 'Azzurri', bodyType: 'Atletica', ethnicity: 'Caucasica', height: 175, specialFeatures: [], bio: 'Pianista e viaggiatrice. Ogni sessione è un piccolo concerto privato.' },
  { username: 'isabela.santos', name: 'Isabela', dateOfBirth: '1998-08-09', rate: 2, rating: 4.3, category: 'Standard', languages: ['Español', 'English'], hairColor: 'Mora', eyeColor: 'Marroni', bodyType: 'Curvy', ethnicity: 'Latina', height: 166, specialFeatures: ['Tatuaggi'], bio: 'Sorriso contagioso e musica sempre accesa. Vieni a trovarmi!' },
  { username: 'chiara.conti', name: 'Chiara', dateOfBirth: '1992-03-16', rate: 3, rating: 4.6, category: 'Premium', languages: ['Italiano', 'English', 'Español'], hairColor: 'Rossa', eyeColor: 'Azzurri', bodyType: 'Snella', ethnicity: 'Caucasica', height: 169, specialFeatures: ['Piercing'], bio: 'Napoletana verace, attrice di teatro. Ti farò ridere e arrossire.' },
  { username: 'mei.lin', name: 'Mei', dateOfBirth: '1999-10-24', rate: 2.5, rating: 4.1, category: 'Standard', languages: ['English', 'Français'], hairColor: 'Nera', eyeColor: 'Neri', bodyType: 'Snella', ethnicity: 'Asiatica', height: 161, specialFeatures: [], bio: 'Chef in erba e amante del tè. Conversazioni rilassate e complici.' },
];
