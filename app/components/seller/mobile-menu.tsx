import { MenuDrawer, type useMenuDrawer } from "~/components/menu-drawer";
import { SiteLink } from "~/components/seller/site-link";

type NavItem = { to: string; label: string };

/** The seller site's slide-out menu on phones: the shared MenuDrawer (a popover) with the site's links. */
export function MobileMenu({
  drawer,
  items,
  onClose,
}: {
  drawer: ReturnType<typeof useMenuDrawer>["drawer"];
  items: NavItem[];
  onClose: () => void;
}) {
  return (
    <MenuDrawer {...drawer} className="seller-drawer" closeClassName="seller-drawer-close">
      <nav aria-label="Mobile">
        <ul>
          {items.map((l) => (
            <li key={l.label}>
              <SiteLink to={l.to} onClick={onClose}>
                {l.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </MenuDrawer>
  );
}
