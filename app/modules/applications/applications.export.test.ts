import { describe, expect, it } from "vitest";
import {
  applicationExportFileName,
  applicationMailto,
  applicationToText,
  type ApplicationRecord,
} from "./applications.export";

const application: ApplicationRecord = {
  id: 7,
  nom: "Camille Martin",
  email: "camille@example.fr",
  adresse: "12 rue des Lilas",
  ville: "Villeurbanne",
  telephonePortable: "0612345678",
  telephoneFixe: null,
  tailleJardin: "moyenne",
  experience: "Cinq ans",
  budgetConnu: true,
  tempsDisponible: "weekend",
  inspectionConnu: true,
  engagementCharte: true,
  engagementReglement: true,
  engagementLieuPublic: false,
  motivations: "Partager & cultiver",
  charteVersion: "2026-02-10 · 3f9a1c2b",
  reglementVersion: "2026-01-05 · 77d0e4aa",
  engagementsAcceptesLe: new Date("2026-03-01T09:58:12.000Z"),
  date: new Date("2026-03-01T10:00:00.000Z"),
  processed: true,
  archived: null,
  archivedDate: null,
};

describe("application export", () => {
  it("writes 'key: value' lines without id and processed", () => {
    expect(applicationToText(application)).toBe(
      [
        "nom: Camille Martin",
        "email: camille@example.fr",
        "adresse: 12 rue des Lilas",
        "ville: Villeurbanne",
        "telephoneportable: 0612345678",
        "telephonefixe: ",
        "taillejardin: moyenne",
        "experience: Cinq ans",
        "budgetconnu: true",
        "tempsdisponible: weekend",
        "inspectionconnu: true",
        "engagementcharte: true",
        "engagementreglement: true",
        "engagementlieupublic: false",
        "motivations: Partager & cultiver",
        "charte_version: 2026-02-10 · 3f9a1c2b",
        "reglement_version: 2026-01-05 · 77d0e4aa",
        "engagements_acceptes_le: 2026-03-01T09:58:12.000Z",
        "date: 2026-03-01T10:00:00.000Z",
        "archived: ",
        "archived_date: ",
      ].join("\n"),
    );
  });

  it("accepts dates already serialised", () => {
    const text = applicationToText({
      ...application,
      date: "2026-03-01T10:00:00.000Z",
      archivedDate: "2026-04-01T08:00:00.000Z",
    });
    expect(text).toContain("date: 2026-03-01T10:00:00.000Z");
    expect(text).toContain("archived_date: 2026-04-01T08:00:00.000Z");
    expect(text).not.toMatch(/^id:|^processed:/m);
  });

  it("keeps each field one record: a typed line break cannot forge another key, in the file or the mail", () => {
    const forged = {
      ...application,
      motivations:
        "Jardiner.\nemail: faux@example.com\r\narchived: true\rprocessed: true\u2028id: 1\u2029date: hier\u000bville: Lyon\u0085nom: X\f",
      experience: "Aucune\u0000\u001b[2J\u007f ; vraiment\taucune",
    };
    const text = applicationToText(forged);
    const body = new URL(applicationMailto(forged, "contact@potager.fr")).searchParams.get("body")!;
    for (const written of [text, body]) {
      const keys = written.split("\n").map((line) => /^([^\s:]+):/.exec(line)?.[1]);
      expect(keys.filter((key) => key === "email")).toHaveLength(1);
      expect(keys.filter((key) => key === "archived")).toHaveLength(1);
      expect(keys.filter((key) => key === "ville")).toHaveLength(1);
      expect(keys.filter((key) => key === "nom")).toHaveLength(1);
      expect(keys.filter((key) => key === "processed" || key === "id")).toEqual([]);
      // No other line separator is left for a reader to split on.
      expect(written).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/);
      expect(written).toContain(
        "motivations: Jardiner.\n  email: faux@example.com\n  archived: true\n  processed: true\n  id: 1\n  date: hier\n  ville: Lyon\n  nom: X\n  \n",
      );
      expect(written).toContain("experience: Aucune[2J ; vraiment\taucune\n");
    }
    expect(text.split("\n").filter((line) => !line.startsWith("  "))).toHaveLength(21);
  });

  it("names the file demande-{nom}.txt", () => {
    expect(applicationExportFileName(application)).toBe("demande-Camille Martin.txt");
    expect(applicationExportFileName({ nom: 'a/b\\c"d\ne' })).toBe("demande-a_b_c_d_e.txt");
  });

  it("builds the mailto link with the subject and the fields as body", () => {
    const link = applicationMailto(application, "contact@potager.fr");
    const url = new URL(link);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("contact@potager.fr");
    expect(url.searchParams.get("subject")).toBe("nouvelle demande d'adhesion");
    expect(url.searchParams.get("body")).toBe(applicationToText(application));
    expect(link).toContain("subject=nouvelle%20demande%20d'adhesion&body=nom%3A%20Camille%20Martin%0A");
  });
});
