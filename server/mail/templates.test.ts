import { describe, expect, it } from "vitest";
import { resetMail, signupAttemptMail, verificationMail } from "./templates";

const to = { email: "asha@example.com", firstName: "<b>Asha</b>" };

describe("account mails", () => {
  it("build links from the configured app URL only", () => {
    const verify = verificationMail("https://utsav.example/", to, "abc123", "tok_en");
    expect(verify.text).toContain("https://utsav.example/abc123/verify/tok_en");
    const reset = resetMail("https://utsav.example", to, "abc123", "tok_en");
    expect(reset.text).toContain("https://utsav.example/abc123/reset-password/tok_en");
    expect(reset.html).toContain('href="https://utsav.example/abc123/reset-password/tok_en"');
    const attempt = signupAttemptMail("https://utsav.example", to);
    expect(attempt.text).toContain("https://utsav.example/login");
    expect(attempt.text).toContain("https://utsav.example/forgot-password");
  });

  it("escape names in the HTML part", () => {
    for (const mail of [
      verificationMail("https://u.example", to, "a", "b"),
      resetMail("https://u.example", to, "a", "b"),
      signupAttemptMail("https://u.example", to),
    ]) {
      expect(mail.html).toContain("&lt;b&gt;Asha&lt;/b&gt;");
      expect(mail.html).not.toContain("<b>Asha");
      expect(mail.to).toBe("asha@example.com");
    }
  });
});
