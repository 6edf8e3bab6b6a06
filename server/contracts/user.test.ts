import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "./constants";
import {
  dropEmpty,
  forgotPasswordSchema,
  loginSchema,
  profileFormSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
} from "./user";

/** The first message the schema gives for `field`, or undefined when that field is fine. */
function messageFor(
  schema: z.ZodType,
  input: Record<string, unknown>,
  field: string,
): string | undefined {
  const result = schema.safeParse(dropEmpty(input));
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path[0] === field)?.message;
}

const goodSignup = {
  firstName: "Asha",
  lastName: "Verma",
  email: "asha@example.com",
  password: "s3cret-pass",
};
const goodProfile = {
  firstName: "Asha",
  lastName: "D'Souza",
  gender: "female",
  course: "B.Tech",
  courseSpecialisation: "Computer Science & Engineering",
  collegeName: "St. Xavier's College (Autonomous), Mumbai",
  location: "Navi Mumbai, Maharashtra",
};

describe("login, signup and reset (SPEC §5)", () => {
  it.each([
    ["missing", undefined, "Email address is required"],
    ["empty", "", "Email address is required"],
    ["blank", "   ", "Email address is required"],
    ["no at sign", "asha.example.com", "Invalid Email"],
    ["no domain dot", "asha@example", "Invalid Email"],
    ["a space", "as ha@example.com", "Invalid Email"],
  ])("email %s gives '%s'", (_case, email, message) => {
    expect(messageFor(loginSchema, { email, password: "s3cret-pass" }, "email")).toBe(message);
    expect(messageFor(signupSchema, { ...goodSignup, email }, "email")).toBe(message);
  });

  it("lowercases and trims the e-mail", () => {
    expect(
      loginSchema.parse({ email: "  Asha.V@Example.COM ", password: "s3cret-pass" }).email,
    ).toBe("asha.v@example.com");
  });

  it.each([
    ["missing", undefined, "Password is required"],
    ["empty", "", "Password is required"],
    ["seven characters", "abcdefg", "Password of 8 charaters"],
    ["eight with a space", "abcd efgh", "Password of 8 charaters"],
    ["eight spaces", "        ", "Password of 8 charaters"],
  ])("password %s gives '%s'", (_case, password, message) => {
    expect(messageFor(loginSchema, { email: "a@example.com", password }, "password")).toBe(message);
    expect(messageFor(signupSchema, { ...goodSignup, password }, "password")).toBe(message);
    expect(messageFor(resetPasswordSchema, { password }, "password")).toBe(message);
  });

  it("accepts eight non-whitespace characters and refuses absurdly long passwords", () => {
    expect(messageFor(resetPasswordSchema, { password: "abcdefgh" }, "password")).toBeUndefined();
    expect(
      messageFor(resetPasswordSchema, { password: "a".repeat(129) }, "password"),
    ).toBeDefined();
  });

  it.each([
    ["missing", undefined, "First Name is required"],
    ["empty", "", "First Name is required"],
    ["digits", "Asha2", "Only Alphabet is allowed"],
    ["symbols", "Asha!", "Only Alphabet is allowed"],
  ])("first name %s gives '%s'", (_case, firstName, message) => {
    expect(messageFor(signupSchema, { ...goodSignup, firstName }, "firstName")).toBe(message);
    expect(messageFor(profileSchema, { ...goodProfile, firstName }, "firstName")).toBe(message);
  });

  it("accepts letters, apostrophe, space and hyphen in names, in any script", () => {
    for (const firstName of ["Mary-Anne", "D'Souza", "Anna Maria", "आशा"]) {
      expect(messageFor(signupSchema, { ...goodSignup, firstName }, "firstName")).toBeUndefined();
    }
  });

  it("last name is optional on signup, with the same character rule", () => {
    expect(messageFor(signupSchema, { ...goodSignup, lastName: "" }, "lastName")).toBeUndefined();
    expect(
      messageFor(signupSchema, { ...goodSignup, lastName: undefined }, "lastName"),
    ).toBeUndefined();
    expect(messageFor(signupSchema, { ...goodSignup, lastName: "V3rma" }, "lastName")).toBe(
      "Only Alphabet is allowed",
    );
  });

  it("a good signup parses", () => {
    expect(signupSchema.parse(goodSignup)).toEqual(goodSignup);
  });
});

describe("forgot password (SPEC §5)", () => {
  it.each([
    ["missing", undefined, "Email Address is required"],
    ["empty", "", "Email Address is required"],
    ["invalid", "not-an-email", "Invalid Email Address"],
  ])("email %s gives '%s'", (_case, email, message) => {
    expect(messageFor(forgotPasswordSchema, { email }, "email")).toBe(message);
  });

  it("accepts and lowercases a good address", () => {
    expect(forgotPasswordSchema.parse({ email: "Asha@Example.com" })).toEqual({
      email: "asha@example.com",
    });
  });
});

describe("profile (SPEC §5)", () => {
  it("a full profile parses", () => {
    expect(profileSchema.parse(goodProfile)).toEqual(goodProfile);
  });

  it.each([
    ["lastName", "Verma#1", "Invalid Last Name"],
    ["gender", undefined, "Gender is required"],
    ["gender", "", "Gender is required"],
    ["gender", "other", "Gender is required"],
    ["course", undefined, "Course is required"],
    ["course", "B.Sc", "Course is required"],
    ["courseSpecialisation", undefined, "Course Specialisation is required"],
    ["courseSpecialisation", "", "Course Specialisation is required"],
    ["courseSpecialisation", "AI/ML", "Invalid Course Specialisation"],
    ["collegeName", undefined, "College Name is required"],
    ["collegeName", "", "College Name is required"],
    ["collegeName", "IIT <Delhi>", "Invalid College Name"],
    ["collegeName", "IIT@Delhi", "Invalid College Name"],
    ["location", undefined, "Location is required"],
    ["location", "", "Location is required"],
    ["location", "Delhi; India", "Invalid  Location"],
  ])("%s = %j gives '%s'", (field, value, message) => {
    expect(messageFor(profileSchema, { ...goodProfile, [field]: value }, field)).toBe(message);
  });

  it("last name is optional and allows digits and & ' ( ) , . -", () => {
    expect(messageFor(profileSchema, { ...goodProfile, lastName: "" }, "lastName")).toBeUndefined();
    expect(
      messageFor(
        profileSchema,
        { ...goodProfile, lastName: "Verma (2nd), Jr. & Co-op's" },
        "lastName",
      ),
    ).toBeUndefined();
  });

  it("every course option of SPEC §3 is accepted", () => {
    for (const course of [
      "1-Year MBA",
      "2-Year MBA",
      "BBA (Graduation)",
      "B.Tech",
      "M.Tech",
      "Integrated/Dual Degree",
      "Others",
    ]) {
      expect(messageFor(profileSchema, { ...goodProfile, course }, "course")).toBeUndefined();
    }
  });

  it("the form refuses an avatar over 10 MB before sending it", () => {
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "big.png", { type: "image/png" });
    const small = new File([new Uint8Array(10)], "small.png", { type: "image/png" });
    expect(messageFor(profileFormSchema, { ...goodProfile, profileImg: big }, "profileImg")).toBe(
      FILE_TOO_LARGE,
    );
    expect(
      messageFor(profileFormSchema, { ...goodProfile, profileImg: small }, "profileImg"),
    ).toBeUndefined();
  });
});

describe("dropEmpty", () => {
  it("drops empty strings only", () => {
    expect(dropEmpty({ a: "", b: " ", c: 0, d: null })).toEqual({ b: " ", c: 0, d: null });
    expect(dropEmpty("x")).toBe("x");
    expect(dropEmpty([""])).toEqual([""]);
  });
});
