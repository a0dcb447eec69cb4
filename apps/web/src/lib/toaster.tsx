import { TOAST_AUTOCLOSE_MS } from '@shop/shared';
import { ToastContainer } from 'react-toastify';

export default function Toaster() {
  return <ToastContainer position="top-center" autoClose={TOAST_AUTOCLOSE_MS} theme="dark" />;
}
