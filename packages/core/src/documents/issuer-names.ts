/**
 * The display names of SPEC 3's nine issuers in every UI language (en, hi, es, fr, de, ja, ta,
 * bn; core's UI_LANGUAGES): the trust list's names of the product's issuers (DECISIONS 9.3), shown
 * wherever a screen names an issuer in the holder's language. English is SPEC 3's name exactly
 * (the issuer's name in every answer that names it); the others are the bodies' own names in that
 * language where they have one, else the name as the body writes it (UIDAI, CBSE, CERSAI).
 */
import type { UiLanguage } from '../api/settings';
import type { IssuerName } from './catalogue';

export const ISSUER_DISPLAY_NAMES: Readonly<
  Record<IssuerName, Readonly<Record<UiLanguage, string>>>
> = {
  UIDAI: {
    en: 'UIDAI',
    hi: 'भारतीय विशिष्ट पहचान प्राधिकरण (UIDAI)',
    es: 'Autoridad de Identificación Única de la India (UIDAI)',
    fr: 'Autorité d’identification unique de l’Inde (UIDAI)',
    de: 'Unique Identification Authority of India (UIDAI)',
    ja: 'インド固有識別番号庁（UIDAI）',
    ta: 'இந்திய தனித்துவ அடையாள ஆணையம் (UIDAI)',
    bn: 'ভারতের বিশিষ্ট পরিচয় কর্তৃপক্ষ (UIDAI)',
  },
  'Income Tax Department': {
    en: 'Income Tax Department',
    hi: 'आयकर विभाग',
    es: 'Departamento del Impuesto sobre la Renta',
    fr: 'Département de l’impôt sur le revenu',
    de: 'Einkommensteuerbehörde',
    ja: '所得税局',
    ta: 'வருமான வரித் துறை',
    bn: 'আয়কর বিভাগ',
  },
  'Election Commission of India': {
    en: 'Election Commission of India',
    hi: 'भारत निर्वाचन आयोग',
    es: 'Comisión Electoral de la India',
    fr: 'Commission électorale de l’Inde',
    de: 'Wahlkommission Indiens',
    ja: 'インド選挙管理委員会',
    ta: 'இந்தியத் தேர்தல் ஆணையம்',
    bn: 'ভারতের নির্বাচন কমিশন',
  },
  'Regional Transport Office': {
    en: 'Regional Transport Office',
    hi: 'क्षेत्रीय परिवहन कार्यालय',
    es: 'Oficina Regional de Transporte',
    fr: 'Bureau régional des transports',
    de: 'Regionale Verkehrsbehörde',
    ja: '地域運輸事務所',
    ta: 'வட்டாரப் போக்குவரத்து அலுவலகம்',
    bn: 'আঞ্চলিক পরিবহণ দপ্তর',
  },
  'Passport Seva': {
    en: 'Passport Seva',
    hi: 'पासपोर्ट सेवा',
    es: 'Passport Seva (servicio de pasaportes)',
    fr: 'Passport Seva (service des passeports)',
    de: 'Passport Seva (Passdienst)',
    ja: 'パスポート・セヴァ（旅券サービス）',
    ta: 'பாஸ்போர்ட் சேவா',
    bn: 'পাসপোর্ট সেবা',
  },
  CBSE: {
    en: 'CBSE',
    hi: 'केंद्रीय माध्यमिक शिक्षा बोर्ड (CBSE)',
    es: 'Junta Central de Educación Secundaria (CBSE)',
    fr: 'Conseil central de l’enseignement secondaire (CBSE)',
    de: 'Zentralrat für Sekundarbildung (CBSE)',
    ja: '中央中等教育委員会（CBSE）',
    ta: 'மத்திய இடைநிலைக் கல்வி வாரியம் (CBSE)',
    bn: 'কেন্দ্রীয় মাধ্যমিক শিক্ষা পর্ষদ (CBSE)',
  },
  'Municipal Corporation': {
    en: 'Municipal Corporation',
    hi: 'नगर निगम',
    es: 'Corporación Municipal',
    fr: 'Corporation municipale',
    de: 'Stadtverwaltung',
    ja: '市役所',
    ta: 'மாநகராட்சி',
    bn: 'পৌর নিগম',
  },
  CERSAI: {
    en: 'CERSAI',
    hi: 'केंद्रीय प्रतिभूतिकरण रजिस्ट्री (CERSAI)',
    es: 'Registro Central de Titulización (CERSAI)',
    fr: 'Registre central de titrisation (CERSAI)',
    de: 'Zentralregister für Verbriefungen (CERSAI)',
    ja: 'インド中央証券化登録機関（CERSAI）',
    ta: 'மத்தியப் பத்திரமயமாக்கல் பதிவகம் (CERSAI)',
    bn: 'কেন্দ্রীয় সিকিউরিটাইজেশন রেজিস্ট্রি (CERSAI)',
  },
  'Digital Identity System': {
    en: 'Digital Identity System',
    hi: 'डिजिटल पहचान प्रणाली',
    es: 'Sistema de Identidad Digital',
    fr: 'Système d’identité numérique',
    de: 'Digitales Identitätssystem',
    ja: 'デジタルIDシステム',
    ta: 'டிஜிட்டல் அடையாள அமைப்பு',
    bn: 'ডিজিটাল পরিচয় ব্যবস্থা',
  },
};
