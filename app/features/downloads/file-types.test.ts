import { describe, expect, it } from "vitest";
import { accepts, cleanFileName, detectFileType } from "./file-types";

describe("detectFileType", () => {
  it.each([
    [Buffer.from("%PDF-1.7\n%âãÏÓ"), "application/pdf"],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "image/png"],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), "image/jpeg"],
    [
      Buffer.concat([Buffer.from("RIFF"), Buffer.from([1, 2, 3, 4]), Buffer.from("WEBPVP8 ")]),
      "image/webp",
    ],
    [Buffer.from("ID3\x04\x00\x00\x00\x00\x00"), "audio/mpeg"],
    [Buffer.from([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
    [Buffer.from("OggS\x00\x02"), "audio/ogg"],
    [Buffer.concat([Buffer.from([0, 0, 0, 32]), Buffer.from("ftypM4A \x00\x00")]), "audio/mp4"],
    [Buffer.concat([Buffer.from([0, 0, 0, 32]), Buffer.from("ftypisom\x00\x00")]), "video/mp4"],
    [Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42]), "video/webm"],
    [Buffer.from("GIF89a\x10\x00"), "image/gif"],
    [Buffer.from("II*\x00\x08\x00"), "image/tiff"],
    [Buffer.from("MM\x00*\x00\x00"), "image/tiff"],
    [Buffer.concat([Buffer.from([0, 0, 0, 28]), Buffer.from("ftypavif\x00\x00")]), "image/avif"],
  ])("knows %s by its first bytes", (head, contentType) => {
    expect(detectFileType(head)?.contentType).toBe(contentType);
  });

  it.each([
    ["a Windows program", Buffer.from("MZ\x90\x00\x03\x00\x00\x00")],
    ["a Linux program", Buffer.from("\x7fELF\x02\x01\x01")],
    ["an HTML page", Buffer.from("<!DOCTYPE html><script>")],
    ["a shell script", Buffer.from("#!/bin/sh\nrm -rf /")],
    ["a ZIP file", Buffer.from("PK\x03\x04\x14\x00")],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s, whatever it is called", (_name, head) => {
    expect(detectFileType(head)).toBeNull();
  });
});

describe("accepts", () => {
  const gif = detectFileType(Buffer.from("GIF89a"));
  const png = detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

  it("takes a GIF, TIFF or AVIF only as a cover, which the site turns into its WebP", () => {
    expect(accepts("cover", gif)).toBe(true);
    expect(accepts("image", gif)).toBe(false);
    expect(accepts("cover", png)).toBe(true);
    expect(accepts("image", png)).toBe(true);
    expect(accepts("pdf", png)).toBe(false);
    expect(accepts("cover", null)).toBe(false);
  });
});

describe("cleanFileName", () => {
  it.each([
    ["../../etc/passwd", ".pdf", "passwd.pdf"],
    ["Grade 12 – Biology (2023).PDF", ".pdf", "Grade 12 – Biology (2023).pdf"],
    ['bad"name<script>.pdf', ".pdf", "bad name script.pdf"],
    ["", ".png", "file.png"],
    ["...", ".pdf", "file.pdf"],
  ])("cleans %j", (name, extension, cleaned) => {
    expect(cleanFileName(name, extension)).toBe(cleaned);
  });
});
