export type { CountdownNoticeProps } from './countdown-notice.js';
export { CountdownNotice } from './countdown-notice.js';
export type { ErrorNoticeProps } from './error-notice.js';
export { ErrorNotice } from './error-notice.js';
export type { OfflineNoticeProps } from './offline-notice.js';
export { OfflineNotice } from './offline-notice.js';
