import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { AwaitInPlace } from "~/lib/await-in-place";
import { QUESTION_MAX } from "./limits";
import type { QuestionsPage } from "../../../core/product-page.types.ts";
import { useI18n } from "~/lib/i18n";
import { Honeypot, Privacy, useFormResult } from "./form-parts";
import type { ProductActionData } from "./product-actions.server";
import { dateFormat } from "../../../core/intl.ts";

/**
 * Questions and answers (spec 3, 5, 7): the answered questions of this product in this store
 * (in place, or streamed after the page when their query is slow: lib/deferred) and the form to
 * ask one. A question is published once staff answer it; the asker is mailed the answer.
 */
export function Questions({ questions }: { questions: QuestionsPage | Promise<QuestionsPage> }) {
  const { t } = useI18n();
  return (
    <section id="preguntas" aria-labelledby="questions-title" className="mt-12 scroll-mt-24" data-testid="questions">
      <h2 id="questions-title" className="text-xl font-bold text-brand-900 sm:text-2xl">
        {t("product.questions.title")}
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <AwaitInPlace
          resolve={questions}
          fallback={<p className="text-sm text-muted">{t("product.questions.loading")}</p>}
          errorElement={<p className="text-sm text-muted">{t("product.questions.unavailable")}</p>}
        >
          {(page) => <QuestionList page={page} />}
        </AwaitInPlace>
        <AskForm />
      </div>
    </section>
  );
}

function QuestionList({ page }: { page: QuestionsPage }) {
  const { t, locale } = useI18n();
  if (!page.results.length) return <p className="text-sm text-muted">{t("product.questions.empty")}</p>;
  const fmt = dateFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" });
  return (
    <ul className="divide-y divide-sand-200" data-testid="questions-list">
      {page.results.map((q) => (
        <li key={q.id} className="py-4" data-testid="question">
          {/* Questions and answers are plain text (React escapes them), line breaks kept. */}
          <p className="font-semibold text-ink">
            <span className="sr-only">{t("product.questions.q")} </span>
            <span aria-hidden="true" className="mr-1 text-brand-700">
              P.
            </span>
            <span className="whitespace-pre-line">{q.question}</span>
          </p>
          <p className="mt-0.5 text-xs text-muted" suppressHydrationWarning>
            {t("product.questions.asked_by", { name: q.name, date: fmt.format(new Date(q.created_at)) })}
          </p>
          <div className="mt-2 rounded-lg bg-sand-50 p-3 text-sm text-slate-800">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">{t("product.questions.answer_by")}</p>
            <p className="mt-1 whitespace-pre-line">{q.answer}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function AskForm() {
  const { t, href } = useI18n();
  const fetcher = useFetcher<ProductActionData>();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { result, errors, typed } = useFormResult(fetcher, "question");
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  const field = (name: "name" | "email" | "phone", type: string, autoComplete: string, required: boolean) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="label">
        {t(`product.questions.field.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        className="input"
        required={required}
        autoComplete={autoComplete}
        maxLength={name === "phone" ? 30 : name === "email" ? 254 : 100}
        defaultValue={typed[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-err` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-err`} className="mt-1 text-sm text-danger">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="relative space-y-3 rounded-xl border border-sand-200 bg-white p-4"
      data-testid="question-form"
      noValidate
    >
      <h3 className="text-base font-semibold text-ink">{t("product.questions.ask")}</h3>
      <p className="text-sm text-slate-700">{t("product.questions.ask_text")}</p>
      <input type="hidden" name="intent" value="question" />
      {field("name", "text", "given-name", true)}
      {field("email", "email", "email", true)}
      {field("phone", "tel", "tel", false)}
      <div>
        <label htmlFor={`${id}-question`} className="label">
          {t("product.questions.field.question")}
        </label>
        <textarea
          id={`${id}-question`}
          name="question"
          rows={4}
          required
          maxLength={QUESTION_MAX}
          defaultValue={typed.question}
          className="input"
          aria-invalid={errors.question ? true : undefined}
          aria-describedby={errors.question ? `${id}-question-err` : undefined}
        />
        {errors.question && (
          <p id={`${id}-question-err`} className="mt-1 text-sm text-danger">
            {errors.question}
          </p>
        )}
      </div>
      <Honeypot />
      <Privacy errors={errors} href={href("/cms/politica-de-privacidad")} />
      {result && (
        <p role={result.ok ? "status" : "alert"} className={`text-sm font-medium ${result.ok ? "text-ok" : "text-danger"}`} data-testid="question-message">
          {result.message}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
        {t("product.questions.submit")}
      </button>
    </fetcher.Form>
  );
}
