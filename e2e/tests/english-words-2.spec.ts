/** No screen left half-translated, part 2 of 3 of the offered languages (english-words.ts). */
import { everyScreenInLanguages } from './english-words';

everyScreenInLanguages(1, 3);
