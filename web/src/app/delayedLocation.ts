// Spec 000 §2: "the router delays state updates by 100 ms except on back
// and forward navigation". The router itself renders the new page at once
// (a page needs its own address immediately); the parts of the shell that
// follow every address change but are not the page (the menu highlight,
// the document title) read this delayed location instead, so a burst of
// navigations (a filter writing the query on each keystroke) costs them
// one update. Back and forward (POP) apply at once, as the browser already
// shows the new address.
import { useEffect, useState } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

export const ROUTER_DELAY_MS = 100;

export function useDelayedLocation(): Location {
  const location = useLocation();
  const type = useNavigationType();
  const [delayed, setDelayed] = useState(location);
  useEffect(() => {
    if (type === 'POP') {
      setDelayed(location);
      return;
    }
    const timer = setTimeout(() => setDelayed(location), ROUTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location, type]);
  return type === 'POP' ? location : delayed;
}
