import { Section } from "~/components/admin/admin-ui";
import { IntentForm, type IntentResult } from "~/components/admin/plots/IntentForm";
import { Select } from "~/components/form/fields";
import { ASSEMBLY_KIND_LABELS, markAssemblySchema } from "~/modules/assembly/assembly.schema";

/** An event to come, marked as the next general assembly. */
export function MarkAssemblyForm({
  events,
  result,
}: {
  events: readonly { id: number; label: string }[];
  result: IntentResult | undefined;
}) {
  return (
    <Section
      id="marquer"
      title="Marquer un événement comme assemblée générale"
      description="L'événement donne la date et le lieu ; créez-le d'abord dans Événements."
    >
      {events.length === 0 ? (
        <p className="text-stone-700">Aucun événement à venir à marquer.</p>
      ) : (
        <IntentForm
          intent="mark"
          schema={markAssemblySchema}
          result={result}
          values={{ eventId: String(events[0]!.id), kind: "ordinaire" }}
          order={["eventId", "kind"]}
          submit="Marquer comme assemblée générale"
        >
          <Select
            name="eventId"
            label="Événement"
            options={events.map((e) => [String(e.id), e.label] as const)}
            placeholder={null}
          />
          <Select name="kind" label="Nature" options={Object.entries(ASSEMBLY_KIND_LABELS)} placeholder={null} />
        </IntentForm>
      )}
    </Section>
  );
}
