/**
 * The phone screens the call to action must fit without scrolling (issue 21): a small older phone,
 * a common Android size and a recent iPhone, in CSS pixels.
 */
export const PHONE_SCREENS = [
  { width: 320, height: 568 },
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;
