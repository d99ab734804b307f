export { theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
export { Container } from './Container';
export { VisuallyHidden } from './VisuallyHidden';
export { PhoneText, WideText } from './ScreenText';
