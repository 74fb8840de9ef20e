import "./app.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Layout } from "./components/layout";
import { SCREENS } from "./screens";
import { ApiError } from "./api/client";
import { AuthRoutes } from "./routes/auth/pages";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (403, 404, 422) will not succeed by asking again.
      retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
      refetchOnWindowFocus: true,
      staleTime: 15_000,
    },
  },
});

const router = createBrowserRouter(
  [
    ...AuthRoutes,
    {
      path: "/",
      Component: Layout,
      children: SCREENS.map((s) => ({
        ...(s.path === "" ? { index: true } : { path: s.path }),
        handle: { permission: s.permission },
        lazy: async () => ({ Component: (await s.page()).default }),
      })),
    },
  ],
  { basename: "/admin" },
);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
