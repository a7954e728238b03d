// Formatting shared by every screen: names, money, typed dates, links,
// avatar colours and file kinds.
export { displayName, contactInfoName } from './displayName';
export { can, type Right } from './rights';
export { formatMoney, isMoney, type Money } from './money';
export { parseDateText, widenInterval, type ParsedDate } from './dateText';
export { isValidLink } from './link';
export { avatarColor, AVATAR_PALETTE } from './avatar';
export { fileKind, isAudioMessage, AUDIO_MESSAGE_PREFIX, type FileKind } from './fileKind';
