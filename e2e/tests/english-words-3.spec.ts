/** No screen left half-translated, part 3 of 3 of the offered languages (english-words.ts). */
import { everyScreenInLanguages } from './english-words';

everyScreenInLanguages(2, 3);
