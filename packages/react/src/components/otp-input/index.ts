export type {
  OtpInputGroupProps,
  OtpInputRootProps,
  OtpInputSlotProps,
  OtpSlotState,
} from './otp-input.js';
export { OtpInput, OtpInputGroup, OtpInputRoot, OtpInputSlot, sanitizeOtp } from './otp-input.js';
