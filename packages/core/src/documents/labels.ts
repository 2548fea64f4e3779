/**
 * Display names of the document types and of their credentialSubject claims in every UI
 * language (DECISIONS D6.6, D7.2; issue 19): what the SD-JWT VC Type Metadata at `/vct/{type}` serves
 * (draft-ietf-oauth-sd-jwt-vc, "Type Metadata": `display` and `claims[].display`).
 *
 * The Hindi strings reuse the web app's existing translations where it has them
 * (apps/web/src/locales/hi: wallet-demo.json `sources.names`, profile.json `fields` and
 * `identity.labels`, activity.json `types.basic_identity_created`, info.json's list of the
 * documents); the server may not import web code, so they are copied here.
 */
import { OFFERED_LANGUAGES, type OfferedLanguage } from '../languages/registry';
import type { DocumentTypeKey } from './catalogue';

/**
 * The languages the labels exist in and the type metadata is served in (RFC 5646 tags): the
 * languages the product offers (languages/registry.ts OFFERED_LANGUAGES, the same list as
 * settings.ts UI_LANGUAGES), English first. Offering a language means adding its labels here.
 */
export const METADATA_LOCALES = OFFERED_LANGUAGES;
export type MetadataLocale = OfferedLanguage;

/** A text in every metadata language. */
export type LocalizedText = Readonly<Record<MetadataLocale, string>>;

/** Name and one-line description of each document type, per language. */
export const DOCUMENT_TYPE_LABELS: Readonly<
  Record<DocumentTypeKey, { name: LocalizedText; description: LocalizedText }>
> = {
  basic_identity: {
    name: {
      en: 'Basic Identity',
      hi: 'बेसिक आइडेंटिटी',
      es: 'Identidad básica',
      fr: 'Identité de base',
      de: 'Basisidentität',
      ja: '基本ID',
      ta: 'அடிப்படை அடையாளம்',
      bn: 'মৌলিক পরিচয়',
    },
    description: {
      en: "The holder's basic identity: name, date of birth and nationality",
      hi: 'धारक की बुनियादी पहचान: नाम, जन्म तिथि और राष्ट्रीयता',
      es: 'La identidad básica del titular: nombre, fecha de nacimiento y nacionalidad',
      fr: 'L’identité de base du titulaire : nom, date de naissance et nationalité',
      de: 'Die Basisidentität der Inhaberin oder des Inhabers: Name, Geburtsdatum und Staatsangehörigkeit',
      ja: '所有者の基本情報：氏名、生年月日、国籍',
      ta: 'வைத்திருப்பவரின் அடிப்படை அடையாளம்: பெயர், பிறந்த தேதி மற்றும் தேசியம்',
      bn: 'ধারকের মৌলিক পরিচয়: নাম, জন্মতারিখ ও জাতীয়তা',
    },
  },
  aadhaar: {
    name: {
      en: 'Aadhaar Card',
      hi: 'आधार कार्ड',
      es: 'Tarjeta Aadhaar',
      fr: 'Carte Aadhaar',
      de: 'Aadhaar-Karte',
      ja: 'アーダールカード',
      ta: 'ஆதார் அட்டை',
      bn: 'আধার কার্ড',
    },
    description: {
      en: 'Aadhaar identity issued by UIDAI',
      hi: 'यूआईडीएआई द्वारा जारी आधार पहचान',
      es: 'Identidad Aadhaar emitida por la UIDAI',
      fr: 'Identité Aadhaar délivrée par l’UIDAI',
      de: 'Aadhaar-Identität, ausgestellt von der UIDAI',
      ja: 'UIDAI が発行するアーダール ID',
      ta: 'UIDAI வழங்கிய ஆதார் அடையாளம்',
      bn: 'UIDAI প্রদত্ত আধার পরিচয়',
    },
  },
  pan: {
    name: {
      en: 'PAN Card',
      hi: 'पैन कार्ड',
      es: 'Tarjeta PAN',
      fr: 'Carte PAN',
      de: 'PAN-Karte',
      ja: 'PAN カード',
      ta: 'பான் அட்டை',
      bn: 'প্যান কার্ড',
    },
    description: {
      en: 'Permanent Account Number issued by the Income Tax Department',
      hi: 'आयकर विभाग द्वारा जारी स्थायी खाता संख्या',
      es: 'Número de cuenta permanente emitido por el Departamento del Impuesto sobre la Renta',
      fr: 'Numéro de compte permanent délivré par l’administration de l’impôt sur le revenu',
      de: 'Permanente Kontonummer, ausgestellt von der Einkommensteuerbehörde',
      ja: '所得税局が発行する永久口座番号',
      ta: 'வருமான வரித் துறை வழங்கிய நிரந்தரக் கணக்கு எண்',
      bn: 'আয়কর বিভাগ প্রদত্ত স্থায়ী অ্যাকাউন্ট নম্বর',
    },
  },
  voter_id: {
    name: {
      en: 'Voter ID Card',
      hi: 'मतदाता पहचान पत्र',
      es: 'Credencial de elector',
      fr: 'Carte d’électeur',
      de: 'Wählerausweis',
      ja: '有権者証',
      ta: 'வாக்காளர் அடையாள அட்டை',
      bn: 'ভোটার পরিচয়পত্র',
    },
    description: {
      en: 'Voter identity card issued by the Election Commission of India',
      hi: 'भारत निर्वाचन आयोग द्वारा जारी मतदाता पहचान पत्र',
      es: 'Credencial de elector emitida por la Comisión Electoral de la India',
      fr: 'Carte d’électeur délivrée par la Commission électorale de l’Inde',
      de: 'Wählerausweis, ausgestellt von der Wahlkommission Indiens',
      ja: 'インド選挙管理委員会が発行する有権者証',
      ta: 'இந்தியத் தேர்தல் ஆணையம் வழங்கிய வாக்காளர் அடையாள அட்டை',
      bn: 'ভারতের নির্বাচন কমিশন প্রদত্ত ভোটার পরিচয়পত্র',
    },
  },
  driving_license: {
    name: {
      en: 'Driving License',
      hi: 'ड्राइविंग लाइसेंस',
      es: 'Permiso de conducir',
      fr: 'Permis de conduire',
      de: 'Führerschein',
      ja: '運転免許証',
      ta: 'ஓட்டுநர் உரிமம்',
      bn: 'ড্রাইভিং লাইসেন্স',
    },
    description: {
      en: 'Driving licence issued by the Regional Transport Office',
      hi: 'क्षेत्रीय परिवहन कार्यालय द्वारा जारी ड्राइविंग लाइसेंस',
      es: 'Permiso de conducir emitido por la Oficina Regional de Transporte',
      fr: 'Permis de conduire délivré par le bureau régional des transports',
      de: 'Führerschein, ausgestellt vom regionalen Verkehrsamt',
      ja: '地域運輸局が発行する運転免許証',
      ta: 'வட்டாரப் போக்குவரத்து அலுவலகம் வழங்கிய ஓட்டுநர் உரிமம்',
      bn: 'আঞ্চলিক পরিবহন কার্যালয় প্রদত্ত ড্রাইভিং লাইসেন্স',
    },
  },
  passport: {
    name: {
      en: 'Passport',
      hi: 'पासपोर्ट',
      es: 'Pasaporte',
      fr: 'Passeport',
      de: 'Reisepass',
      ja: 'パスポート',
      ta: 'கடவுச்சீட்டு',
      bn: 'পাসপোর্ট',
    },
    description: {
      en: 'Indian passport issued by Passport Seva',
      hi: 'पासपोर्ट सेवा द्वारा जारी भारतीय पासपोर्ट',
      es: 'Pasaporte indio emitido por Passport Seva',
      fr: 'Passeport indien délivré par Passport Seva',
      de: 'Indischer Reisepass, ausgestellt von Passport Seva',
      ja: 'Passport Seva が発行するインドのパスポート',
      ta: 'பாஸ்போர்ட் சேவா வழங்கிய இந்தியக் கடவுச்சீட்டு',
      bn: 'পাসপোর্ট সেবা প্রদত্ত ভারতীয় পাসপোর্ট',
    },
  },
  marksheet_10th: {
    name: {
      en: '10th Class Marksheet',
      hi: '10वीं की अंकतालिका',
      es: 'Certificado de notas de 10.º curso',
      fr: 'Relevé de notes de 10e année',
      de: 'Zeugnis der 10. Klasse',
      ja: '10年生成績証明書',
      ta: '10ஆம் வகுப்பு மதிப்பெண் சான்றிதழ்',
      bn: 'দশম শ্রেণির মার্কশিট',
    },
    description: {
      en: 'Class 10 examination results issued by CBSE',
      hi: 'सीबीएसई द्वारा जारी कक्षा 10 परीक्षा परिणाम',
      es: 'Resultados del examen de 10.º curso emitidos por el CBSE',
      fr: 'Résultats de l’examen de 10e année délivrés par le CBSE',
      de: 'Prüfungsergebnisse der 10. Klasse, ausgestellt vom CBSE',
      ja: 'CBSE が発行する10年生の試験結果',
      ta: 'CBSE வழங்கிய 10ஆம் வகுப்புத் தேர்வு முடிவுகள்',
      bn: 'CBSE প্রদত্ত দশম শ্রেণির পরীক্ষার ফল',
    },
  },
  marksheet_12th: {
    name: {
      en: '12th Class Marksheet',
      hi: '12वीं की अंकतालिका',
      es: 'Certificado de notas de 12.º curso',
      fr: 'Relevé de notes de 12e année',
      de: 'Zeugnis der 12. Klasse',
      ja: '12年生成績証明書',
      ta: '12ஆம் வகுப்பு மதிப்பெண் சான்றிதழ்',
      bn: 'দ্বাদশ শ্রেণির মার্কশিট',
    },
    description: {
      en: 'Class 12 examination results issued by CBSE',
      hi: 'सीबीएसई द्वारा जारी कक्षा 12 परीक्षा परिणाम',
      es: 'Resultados del examen de 12.º curso emitidos por el CBSE',
      fr: 'Résultats de l’examen de 12e année délivrés par le CBSE',
      de: 'Prüfungsergebnisse der 12. Klasse, ausgestellt vom CBSE',
      ja: 'CBSE が発行する12年生の試験結果',
      ta: 'CBSE வழங்கிய 12ஆம் வகுப்புத் தேர்வு முடிவுகள்',
      bn: 'CBSE প্রদত্ত দ্বাদশ শ্রেণির পরীক্ষার ফল',
    },
  },
  birth_certificate: {
    name: {
      en: 'Birth Certificate',
      hi: 'जन्म प्रमाणपत्र',
      es: 'Certificado de nacimiento',
      fr: 'Acte de naissance',
      de: 'Geburtsurkunde',
      ja: '出生証明書',
      ta: 'பிறப்புச் சான்றிதழ்',
      bn: 'জন্ম সনদ',
    },
    description: {
      en: 'Birth registration issued by the Municipal Corporation',
      hi: 'नगर निगम द्वारा जारी जन्म पंजीकरण',
      es: 'Registro de nacimiento emitido por la Corporación Municipal',
      fr: 'Enregistrement de naissance délivré par la municipalité',
      de: 'Geburtsregistrierung, ausgestellt von der Stadtverwaltung',
      ja: '市当局が発行する出生登録',
      ta: 'மாநகராட்சி வழங்கிய பிறப்புப் பதிவு',
      bn: 'পৌর কর্পোরেশন প্রদত্ত জন্ম নিবন্ধন',
    },
  },
  ckyc: {
    name: {
      en: 'CKYC Number',
      hi: 'सीकेवाईसी नंबर',
      es: 'Número CKYC',
      fr: 'Numéro CKYC',
      de: 'CKYC-Nummer',
      ja: 'CKYC 番号',
      ta: 'CKYC எண்',
      bn: 'সিকেওয়াইসি নম্বর',
    },
    description: {
      en: 'Central KYC record number issued by CERSAI',
      hi: 'सेर्साई द्वारा जारी केंद्रीय केवाईसी रिकॉर्ड नंबर',
      es: 'Número de registro KYC central emitido por CERSAI',
      fr: 'Numéro d’enregistrement KYC central délivré par le CERSAI',
      de: 'Nummer des zentralen KYC-Datensatzes, ausgestellt von CERSAI',
      ja: 'CERSAI が発行する中央 KYC 記録番号',
      ta: 'CERSAI வழங்கிய மத்திய KYC பதிவு எண்',
      bn: 'CERSAI প্রদত্ত কেন্দ্রীয় কেওয়াইসি রেকর্ড নম্বর',
    },
  },
};

/**
 * The label of every credentialSubject claim a document type carries (`name`, `document_type`
 * and each catalogue subject field), per language. labels.test.ts checks that every claim of
 * the catalogue has one.
 */
export const CLAIM_LABELS: Readonly<Record<string, LocalizedText>> = {
  name: {
    en: 'Name',
    hi: 'नाम',
    es: 'Nombre',
    fr: 'Nom',
    de: 'Name',
    ja: '氏名',
    ta: 'பெயர்',
    bn: 'নাম',
  },
  document_type: {
    en: 'Document type',
    hi: 'दस्तावेज़ का प्रकार',
    es: 'Tipo de documento',
    fr: 'Type de document',
    de: 'Dokumenttyp',
    ja: '書類の種類',
    ta: 'ஆவண வகை',
    bn: 'নথির ধরন',
  },
  aadhaar_number: {
    en: 'Aadhaar number',
    hi: 'आधार नंबर',
    es: 'Número Aadhaar',
    fr: 'Numéro Aadhaar',
    de: 'Aadhaar-Nummer',
    ja: 'アーダール番号',
    ta: 'ஆதார் எண்',
    bn: 'আধার নম্বর',
  },
  phone: {
    en: 'Phone',
    hi: 'फ़ोन',
    es: 'Teléfono',
    fr: 'Téléphone',
    de: 'Telefon',
    ja: '電話番号',
    ta: 'தொலைபேசி',
    bn: 'ফোন',
  },
  date_of_birth: {
    en: 'Date of Birth',
    hi: 'जन्म तिथि',
    es: 'Fecha de nacimiento',
    fr: 'Date de naissance',
    de: 'Geburtsdatum',
    ja: '生年月日',
    ta: 'பிறந்த தேதி',
    bn: 'জন্মতারিখ',
  },
  address: {
    en: 'Address',
    hi: 'पता',
    es: 'Dirección',
    fr: 'Adresse',
    de: 'Adresse',
    ja: '住所',
    ta: 'முகவரி',
    bn: 'ঠিকানা',
  },
  gender: {
    en: 'Gender',
    hi: 'लिंग',
    es: 'Género',
    fr: 'Genre',
    de: 'Geschlecht',
    ja: '性別',
    ta: 'பாலினம்',
    bn: 'লিঙ্গ',
  },
  nationality: {
    en: 'Nationality',
    hi: 'राष्ट्रीयता',
    es: 'Nacionalidad',
    fr: 'Nationalité',
    de: 'Staatsangehörigkeit',
    ja: '国籍',
    ta: 'தேசியம்',
    bn: 'জাতীয়তা',
  },
  pan_number: {
    en: 'PAN Number',
    hi: 'पैन नंबर',
    es: 'Número PAN',
    fr: 'Numéro PAN',
    de: 'PAN-Nummer',
    ja: 'PAN 番号',
    ta: 'பான் எண்',
    bn: 'প্যান নম্বর',
  },
  father_name: {
    en: "Father's name",
    hi: 'पिता का नाम',
    es: 'Nombre del padre',
    fr: 'Nom du père',
    de: 'Name des Vaters',
    ja: '父の氏名',
    ta: 'தந்தையின் பெயர்',
    bn: 'পিতার নাম',
  },
  mother_name: {
    en: "Mother's name",
    hi: 'माता का नाम',
    es: 'Nombre de la madre',
    fr: 'Nom de la mère',
    de: 'Name der Mutter',
    ja: '母の氏名',
    ta: 'தாயின் பெயர்',
    bn: 'মাতার নাম',
  },
  voter_id: {
    en: 'Voter ID',
    hi: 'वोटर आईडी',
    es: 'Número de elector',
    fr: 'Numéro d’électeur',
    de: 'Wähler-ID',
    ja: '有権者番号',
    ta: 'வாக்காளர் அடையாள எண்',
    bn: 'ভোটার আইডি',
  },
  constituency: {
    en: 'Constituency',
    hi: 'निर्वाचन क्षेत्र',
    es: 'Circunscripción',
    fr: 'Circonscription',
    de: 'Wahlkreis',
    ja: '選挙区',
    ta: 'தொகுதி',
    bn: 'নির্বাচনী এলাকা',
  },
  driving_license: {
    en: 'Driving License',
    hi: 'ड्राइविंग लाइसेंस',
    es: 'Permiso de conducir',
    fr: 'Permis de conduire',
    de: 'Führerschein',
    ja: '運転免許証番号',
    ta: 'ஓட்டுநர் உரிம எண்',
    bn: 'ড্রাইভিং লাইসেন্স',
  },
  license_type: {
    en: 'Licence type',
    hi: 'लाइसेंस का प्रकार',
    es: 'Tipo de permiso',
    fr: 'Catégorie de permis',
    de: 'Führerscheinklasse',
    ja: '免許の種類',
    ta: 'உரிம வகை',
    bn: 'লাইসেন্সের ধরন',
  },
  valid_from: {
    en: 'Valid from',
    hi: 'से मान्य',
    es: 'Válido desde',
    fr: 'Valable à partir du',
    de: 'Gültig ab',
    ja: '有効開始日',
    ta: 'செல்லுபடியாகும் தேதி முதல்',
    bn: 'বৈধতা শুরু',
  },
  passport_number: {
    en: 'Passport number',
    hi: 'पासपोर्ट नंबर',
    es: 'Número de pasaporte',
    fr: 'Numéro de passeport',
    de: 'Reisepassnummer',
    ja: '旅券番号',
    ta: 'கடவுச்சீட்டு எண்',
    bn: 'পাসপোর্ট নম্বর',
  },
  place_of_birth: {
    en: 'Place of birth',
    hi: 'जन्म स्थान',
    es: 'Lugar de nacimiento',
    fr: 'Lieu de naissance',
    de: 'Geburtsort',
    ja: '出生地',
    ta: 'பிறந்த இடம்',
    bn: 'জন্মস্থান',
  },
  roll_number: {
    en: 'Roll number',
    hi: 'अनुक्रमांक',
    es: 'Número de matrícula',
    fr: 'Numéro de candidat',
    de: 'Prüfungsnummer',
    ja: '受験番号',
    ta: 'பதிவு எண்',
    bn: 'রোল নম্বর',
  },
  board: {
    en: 'Board',
    hi: 'बोर्ड',
    es: 'Junta educativa',
    fr: 'Conseil d’examen',
    de: 'Schulbehörde',
    ja: '教育委員会',
    ta: 'கல்வி வாரியம்',
    bn: 'বোর্ড',
  },
  year: {
    en: 'Year',
    hi: 'वर्ष',
    es: 'Año',
    fr: 'Année',
    de: 'Jahr',
    ja: '年度',
    ta: 'ஆண்டு',
    bn: 'বছর',
  },
  percentage: {
    en: 'Percentage',
    hi: 'प्रतिशत',
    es: 'Porcentaje',
    fr: 'Pourcentage',
    de: 'Prozentsatz',
    ja: '得点率',
    ta: 'சதவீதம்',
    bn: 'শতাংশ',
  },
  subjects: {
    en: 'Subjects',
    hi: 'विषय',
    es: 'Asignaturas',
    fr: 'Matières',
    de: 'Fächer',
    ja: '科目',
    ta: 'பாடங்கள்',
    bn: 'বিষয়সমূহ',
  },
  stream: {
    en: 'Stream',
    hi: 'संकाय',
    es: 'Modalidad',
    fr: 'Filière',
    de: 'Fachrichtung',
    ja: 'コース',
    ta: 'பிரிவு',
    bn: 'শাখা',
  },
  registration_number: {
    en: 'Registration number',
    hi: 'पंजीकरण संख्या',
    es: 'Número de registro',
    fr: 'Numéro d’enregistrement',
    de: 'Registrierungsnummer',
    ja: '登録番号',
    ta: 'பதிவு எண்',
    bn: 'নিবন্ধন নম্বর',
  },
  ckyc_number: {
    en: 'CKYC Number',
    hi: 'सीकेवाईसी नंबर',
    es: 'Número CKYC',
    fr: 'Numéro CKYC',
    de: 'CKYC-Nummer',
    ja: 'CKYC 番号',
    ta: 'CKYC எண்',
    bn: 'সিকেওয়াইসি নম্বর',
  },
};

/**
 * The label of claim `claim` in `locale`; the claim name itself when the catalogue has none
 * (cannot happen for a catalogue claim, see labels.test.ts).
 */
export function claimLabel(claim: string, locale: MetadataLocale): string {
  return CLAIM_LABELS[claim]?.[locale] ?? claim;
}

/** True for a language the labels exist in. */
export function isMetadataLocale(value: unknown): value is MetadataLocale {
  return typeof value === 'string' && (METADATA_LOCALES as readonly string[]).includes(value);
}
