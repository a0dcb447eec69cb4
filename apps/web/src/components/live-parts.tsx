export { default as ClosedExtras } from './enquiry/ClosedExtras.tsx';
export { default as OpenNowLine } from './enquiry/OpenNowLine.tsx';
export { default as Closures } from './layout/Closures.tsx';
export { default as StatusText } from './layout/StatusText.tsx';
