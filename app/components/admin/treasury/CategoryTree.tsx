import { Form } from "react-router";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { TextInput } from "~/components/form/fields";
import { categoryCreateSchema } from "~/modules/treasury/entries.schema";
import type { CategoryNode } from "~/modules/treasury/settings.admin.server";

/** A category: its number, label and direction, « Ajouter une sous-catégorie », and « Supprimer » for one added here. */
function CategoryItem({ node, result }: { node: CategoryNode; result: IntentResult | undefined }) {
  const own = result && !result.ok && result.intent === "category-create" && result.values.parentId === String(node.id);
  return (
    <li className="py-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>
          <strong className="tabular-nums">{node.code}</strong> {node.label}{" "}
          <span className="text-sm text-stone-600">({node.direction.toLowerCase()})</span>
        </span>
        {node.builtIn ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="category-delete" />
            <input type="hidden" name="id" value={node.id} />
            <button type="submit" className="min-h-11 text-sm font-semibold text-red-800 underline underline-offset-2">
              Supprimer<span className="sr-only"> la catégorie {node.code}</span>
            </button>
          </Form>
        )}
      </div>
      <details open={own || undefined} className="ml-1">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-brand-800">
          Ajouter une sous-catégorie<span className="sr-only"> sous {node.code}</span>
        </summary>
        <IntentForm
          intent="category-create"
          schema={categoryCreateSchema}
          result={own ? result : undefined}
          values={{ code: node.code }}
          order={["code", "label"]}
          submit="Ajouter la sous-catégorie"
          className="mb-3 space-y-3 rounded-lg bg-stone-50 p-3"
        >
          <input type="hidden" name="parentId" value={node.id} />
          <div className="grid gap-3 sm:grid-cols-3">
            <TextInput name="code" label="Numéro" required autoComplete="off" hint={`Commence par ${node.code}.`} />
            <div className="sm:col-span-2">
              <TextInput name="label" label="Libellé" required autoComplete="off" />
            </div>
          </div>
        </IntentForm>
      </details>
      {node.children.length > 0 ? (
        <ul className="ml-4 border-l border-stone-200 pl-3">
          {node.children.map((child) => (
            <CategoryItem key={child.id} node={child} result={result} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The chart of accounts as a tree, the top categories first. */
export function CategoryTree({ tree, result }: { tree: CategoryNode[]; result: IntentResult | undefined }) {
  return (
    <ul className="space-y-2">
      {tree.map((node) => (
        <CategoryItem key={node.id} node={node} result={result} />
      ))}
    </ul>
  );
}
