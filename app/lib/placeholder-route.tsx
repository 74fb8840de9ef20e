import { type MetaFunction, useLoaderData } from "react-router";
import { Placeholder } from "~/components/placeholder";
import { rootMeta } from "./root-data";
import { seoMeta } from "./seo";

export type PlaceholderData = { title: string; intro: string; coming: string; path: string; lang: "es" | "fr"; noindex: boolean };

export const placeholderMeta: MetaFunction = ({ data, matches }) => {
  const d = data as PlaceholderData | undefined;
  if (!d) return []; // the error page renders its own title
  const root = rootMeta(matches);
  return seoMeta({ title: d.title, description: d.intro, origin: root.origin, lang: d.lang, path: d.path, noindex: d.noindex });
};

export function PlaceholderPage() {
  const d = useLoaderData() as PlaceholderData;
  return <Placeholder title={d.title} intro={d.intro} coming={d.coming} />;
}
