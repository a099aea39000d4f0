/**
 * proxyFor: whether the remote transport sends a request through a proxy (undici's
 * EnvHttpProxyAgent) or straight to the service (node:http). The rule is undici's, so
 * that choosing the transport changes nothing about which requests are proxied.
 */
import { describe, expect, it } from "vitest";
import { proxyFor, proxyRoute, proxySettings } from "../../src/client/proxy-env.js";

const at = (url: string, env: Record<string, string>) => proxyFor(new URL(url), proxySettings(env));

describe("proxyFor", () => {
  it("connects directly when no proxy is set", () => {
    expect(at("http://10.0.0.5:8080", {})).toBeUndefined();
    expect(at("https://api.example.com", { NO_PROXY: "*" })).toBeUndefined();
  });

  it("takes HTTPS_PROXY for https, HTTP_PROXY for http, and HTTP_PROXY for https without HTTPS_PROXY", () => {
    const both = { HTTP_PROXY: "http://p1:3128", HTTPS_PROXY: "http://p2:3128" };
    expect(at("https://api.example.com", both)).toBe("http://p2:3128");
    expect(at("http://api.example.com", both)).toBe("http://p1:3128");
    expect(at("https://api.example.com", { HTTP_PROXY: "http://p1:3128" })).toBe("http://p1:3128");
    expect(at("http://api.example.com", { HTTPS_PROXY: "http://p2:3128" })).toBeUndefined();
  });

  it("reads the lower-case variables first", () => {
    const env = { https_proxy: "http://lower:1", HTTPS_PROXY: "http://upper:2", no_proxy: "" };
    expect(at("https://api.example.com", { ...env, NO_PROXY: "api.example.com" })).toBe(
      "http://lower:1",
    );
  });

  it("skips the proxy for hosts, domains and host:port pairs NO_PROXY names", () => {
    const env = { HTTPS_PROXY: "http://p:3128", HTTP_PROXY: "http://p:3128" };
    const noProxy = (list: string, url: string) => at(url, { ...env, NO_PROXY: list });
    expect(noProxy("localhost,127.0.0.1", "http://127.0.0.1:8080")).toBeUndefined();
    expect(noProxy(".example.com", "https://api.example.com")).toBeUndefined();
    expect(noProxy("*.example.com", "https://api.example.com")).toBeUndefined();
    expect(noProxy("example.com", "https://api.example.com")).toBeUndefined();
    expect(noProxy("example.com", "https://example.com.evil.net")).toBe("http://p:3128");
    expect(noProxy("api.example.com:8443", "https://api.example.com")).toBe("http://p:3128");
    expect(noProxy("api.example.com:443", "https://API.example.com")).toBeUndefined();
    expect(noProxy("[::1]", "http://[::1]:8080")).toBeUndefined();
    expect(noProxy("other.net example.com", "https://api.example.com")).toBeUndefined();
  });
});

describe("proxyRoute", () => {
  const route = (url: string, env: Record<string, string>) => proxyRoute(new URL(url), env);
  it("names the variable the proxy came from, for error messages", () => {
    const upper = { HTTP_PROXY: "http://p1:3128", HTTPS_PROXY: "http://p2:3128" };
    expect(route("https://a.test", upper)).toEqual({
      url: "http://p2:3128",
      variable: "HTTPS_PROXY",
    });
    expect(route("http://a.test", upper)).toEqual({
      url: "http://p1:3128",
      variable: "HTTP_PROXY",
    });
    expect(route("https://a.test", { https_proxy: "", HTTP_PROXY: "http://p1:3128" })).toEqual({
      url: "http://p1:3128",
      variable: "HTTP_PROXY",
    });
    expect(
      route("http://a.test", { http_proxy: "http://lo:1", HTTP_PROXY: "http://up:2" }),
    ).toEqual({
      url: "http://lo:1",
      variable: "http_proxy",
    });
    expect(route("http://a.test", { ...upper, NO_PROXY: "a.test" })).toBeUndefined();
  });
});
