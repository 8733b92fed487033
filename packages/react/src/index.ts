'use client';

export type {
  OtpInputGroupProps,
  OtpInputRootProps,
  OtpInputSlotProps,
  OtpSlotState,
} from './components/otp-input/index.js';
export {
  OtpInput,
  OtpInputGroup,
  OtpInputRoot,
  OtpInputSlot,
  sanitizeOtp,
} from './components/otp-input/index.js';
