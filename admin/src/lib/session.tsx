import type { Permission } from "@core/staff-permissions";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect } from "react";
import { ApiError, api, SIGNED_OUT_EVENT, unwrap } from "../api/client";
import type { components } from "../api/schema";

type Paths = import("../api/schema").paths;
export type Me = Paths["/api/admin/v1/auth/me/"]["get"]["responses"]["200"]["content"]["application/json"];
export type { components };

export const ME_KEY = ["admin", "me"] as const;

/** The signed-in staff member (GET /api/admin/v1/auth/me/), or null when signed out. */
export function useMeQuery() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        return await unwrap(api.GET("/api/admin/v1/auth/me/"));
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    staleTime: 60_000,
  });
}

const MeContext = createContext<Me | null>(null);

export function MeProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <MeContext.Provider value={me}>{children}</MeContext.Provider>;
}

export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error("useMe outside a signed-in screen");
  return me;
}

/** What the role may do: the UI hides what it lacks (the server refuses it anyway). */
export function useCan() {
  const me = useContext(MeContext);
  return (p: Permission) => Boolean(me?.permissions.includes(p));
}

/** When any call finds the session gone, forget the member: the router sends them to the login screen. */
export function useSignedOutListener() {
  const qc = useQueryClient();
  useEffect(() => {
    const onOut = () => {
      qc.setQueryData(ME_KEY, null);
    };
    window.addEventListener(SIGNED_OUT_EVENT, onOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onOut);
  }, [qc]);
}
