import type { TFunction } from 'i18next';
import type { SoftphoneKey } from '@open/protocol/messages/softphone/en';
import type { ParamDefinition } from '@open/protocol/softphone/catalogue';

/**
 * A catalogue description in the reader's language. The catalogue types its keys loosely
 * (`softphone.…`) to stay plain data; the dictionaries test checks each one is a real key.
 */
export const catalogueText = (t: TFunction, key: ParamDefinition['description']): string => t(key as SoftphoneKey);
