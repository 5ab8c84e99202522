import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPRESSION_THRESHOLD_BYTES } from "~/lib/constants";
import { compressImage, uploadImage, UploadError } from "./image-upload";

const file = () => new File([new Uint8Array([1, 2, 3])], "photo.jpg", { type: "image/jpeg" });
const ok = () =>
  Response.json(
    { secure_url: "/media/a-1200x900-1200.jpg", url: "/media/a-1200x900-1200.jpg", width: 1200, height: 900 },
    { status: 201 },
  );
const FALLBACK = "Erreur lors de l'upload des images annexes";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("uploadImage", () => {
  it("posts the file as the multipart field `file` and returns the stored image", async () => {
    const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
      expect(init).toBeDefined();
      expect((init!.body as FormData).get("file")).toBeInstanceOf(File);
      return ok();
    });
    vi.stubGlobal("fetch", fetchMock);
    await expect(uploadImage(file(), { fallbackMessage: FALLBACK })).resolves.toEqual({
      url: "/media/a-1200x900-1200.jpg",
      width: 1200,
      height: 900,
    });
    expect(fetchMock).toHaveBeenCalledWith("/admin/media", expect.objectContaining({ method: "POST" }));
  });

  it("retries once, 500 ms after a server error, when asked to", async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response("panne", { status: 500 }))
      .mockResolvedValueOnce(ok());
    vi.stubGlobal("fetch", fetchMock);
    const result = uploadImage(file(), { retry: true, fallbackMessage: FALLBACK });
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ width: 1200 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("gives up after the one retry with the fallback message when the network fails", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetchMock);
    const failure = uploadImage(file(), { retry: true, fallbackMessage: FALLBACK }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    const error = await failure;
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe(FALLBACK);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not retry a refused file and shows the server's French message", async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(Response.json({ error: "Ce fichier n'est pas une image acceptée." }, { status: 415 }));
    vi.stubGlobal("fetch", fetchMock);
    const error = await uploadImage(file(), { retry: true, fallbackMessage: FALLBACK }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toBe("Ce fichier n'est pas une image acceptée.");
    expect((error as UploadError).status).toBe(415);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("without retry, a server error fails at once", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response("panne", { status: 502 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(uploadImage(file(), { fallbackMessage: FALLBACK })).rejects.toThrow(FALLBACK);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("compressImage", () => {
  it("leaves files under 0.5 MB untouched", async () => {
    const small = new File([new Uint8Array(COMPRESSION_THRESHOLD_BYTES - 1)], "petit.jpg", { type: "image/jpeg" });
    expect(await compressImage(small)).toBe(small);
  });

  it("falls back to the original when the browser cannot decode the file", async () => {
    vi.stubGlobal("createImageBitmap", vi.fn<typeof createImageBitmap>().mockRejectedValue(new Error("undecodable")));
    const big = new File([new Uint8Array(COMPRESSION_THRESHOLD_BYTES)], "photo.heic", { type: "image/heic" });
    expect(await compressImage(big)).toBe(big);
  });
});
