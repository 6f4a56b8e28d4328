import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '@/db/instance';
import { emptyCart, type Cart } from './cart';

const cartKey = 'register';

/**
 * The register's cart, kept on the device (Dexie, not synced) on every change, so it survives a
 * reload and an app restart until it is sold or cancelled. undefined while it is read.
 */
export function useCart(): [Cart | undefined, (update: (cart: Cart) => Cart) => void] {
  const [cart, setCart] = useState<Cart | undefined>(undefined);
  const latest = useRef<Cart>(emptyCart);
  useEffect(() => {
    let live = true;
    void db.cart.get(cartKey).then((row) => {
      if (!live) return;
      latest.current = (row?.value as Cart | undefined) ?? emptyCart;
      setCart(latest.current);
    });
    return () => {
      live = false;
    };
  }, []);
  const update = useCallback((change: (cart: Cart) => Cart) => {
    // Applied to the latest cart at once (a burst of scans lands in order), then stored.
    latest.current = change(latest.current);
    setCart(latest.current);
    void db.cart.put({ key: cartKey, value: latest.current });
  }, []);
  return [cart, update];
}
