import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainFrame } from "~/components/main-frame";

export default function MainLayout() {
  return (
    <MainFrame>
      <Outlet />
    </MainFrame>
  );
}

export function ErrorBoundary() {
  return (
    <MainFrame>
      <GeneralErrorBoundary />
    </MainFrame>
  );
}
