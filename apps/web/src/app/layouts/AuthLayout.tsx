import { DEFAULT_SHOP_NAME } from '@shop/shared';
import { Link, Outlet } from 'react-router';
import { TypeAnimation } from 'react-type-animation';
import { Footer } from '../../components/layout/Footer.tsx';
import { TopBar } from '../../components/layout/TopBar.tsx';
import { useShopInfo } from '../../lib/shop-info.ts';

/** Top bar, a welcome panel with the typed greeting, the form panel, a way home, and the footer. */
export function AuthLayout() {
  const shop = useShopInfo();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <main className="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-4 py-10 md:grid-cols-2 md:items-center">
        <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-ink p-8 text-white">
          <h1 className="text-3xl font-bold">{DEFAULT_SHOP_NAME}</h1>
          <p className="mt-4 min-h-16 text-xl text-brand-100" aria-live="off">
            <TypeAnimation
              key={shop.shopname}
              sequence={[`Welcome to ${shop.shopname}`, 1000, 'Please Create an Account', 1000, 'And Login', 1000]}
              speed={50}
              repeat={Infinity}
              wrapper="span"
            />
          </p>
        </section>
        <section className="w-full max-w-[650px] justify-self-center">
          <Outlet />
          <Link
            to="/"
            className="mt-6 inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            ← Back to Home
          </Link>
        </section>
      </main>
      <Footer />
    </div>
  );
}
