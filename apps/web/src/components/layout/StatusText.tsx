import { useShopStatus } from '../../lib/shop-status.ts';

/** The shop's status now, with a green or red dot. */
export default function StatusText() {
  const status = useShopStatus();
  if (!status) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={`mr-1.5 inline-block h-2 w-2 rounded-full ${status.open ? 'bg-green-500' : 'bg-red-500'}`}
      />
      {status.text}
    </>
  );
}
