// src/errors/ConfirmedRpcError.ts
var ConfirmedRpcError = class extends Error {
  name = "ConfirmedRpcError";
  /** Stable machine-readable code; see {@link ErrorCode}. */
  code;
  /** The message without details, for one-line logs. */
  shortMessage;
  /** Typed fields of this code. Never holds credentials. */
  context;
  /** Extra lines appended to the message. */
  details;
  constructor(args) {
    const details = args.details ?? [];
    const where = [
      args.context.method ? `Method: ${args.context.method}` : void 0,
      args.context.endpoint ? `Endpoint: ${args.context.endpoint}` : void 0
    ].filter((line) => line !== void 0);
    const lines = [...details, ...where];
    super(
      lines.length > 0 ? `${args.shortMessage}

${lines.join("\n")}` : args.shortMessage,
      args.cause === void 0 ? void 0 : { cause: args.cause }
    );
    this.code = args.code;
    this.shortMessage = args.shortMessage;
    this.context = args.context;
    this.details = details;
  }
  /** A plain object for structured logs; `JSON.stringify(error)` uses it. */
  toJSON() {
    return { name: this.name, code: this.code, message: this.shortMessage, context: this.context };
  }
};

// src/errors/InvalidParamError.ts
var InvalidParamError = class extends ConfirmedRpcError {
  name = "InvalidParamError";
  constructor(args) {
    super({ ...args, code: "INVALID_PARAM" });
  }
};

// src/params/invalidParam.ts
function invalidParam(method, param, reason) {
  return new InvalidParamError({
    shortMessage: `Invalid \`${param}\` for ${method}: ${reason}.`,
    context: { method, param, reason }
  });
}

// src/testing/ledger/createRandom.ts
function createRandom(seed) {
  let state = seed >>> 0;
  const uint32 = () => {
    state = state + 2654435769 | 0;
    let z = state;
    z = Math.imul(z ^ z >>> 16, 569420461);
    z = Math.imul(z ^ z >>> 15, 1935289751);
    return (z ^ z >>> 15) >>> 0;
  };
  const float = () => uint32() / 4294967296;
  const int = (n2) => Math.floor(float() * n2);
  return {
    uint32,
    float,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => float() < p,
    bytes: (length) => {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i += 4) {
        let word = uint32();
        for (let j = i; j < i + 4 && j < length; j++) {
          out[j] = word & 255;
          word >>>= 8;
        }
      }
      return out;
    }
  };
}

// node_modules/base-x/src/esm/index.js
function base(ALPHABET3) {
  if (ALPHABET3.length >= 255) {
    throw new TypeError("Alphabet too long");
  }
  const BASE_MAP = new Uint8Array(256);
  for (let j = 0; j < BASE_MAP.length; j++) {
    BASE_MAP[j] = 255;
  }
  for (let i = 0; i < ALPHABET3.length; i++) {
    const x = ALPHABET3.charAt(i);
    const xc = x.charCodeAt(0);
    if (BASE_MAP[xc] !== 255) {
      throw new TypeError(x + " is ambiguous");
    }
    BASE_MAP[xc] = i;
  }
  const BASE = ALPHABET3.length;
  const LEADER = ALPHABET3.charAt(0);
  const FACTOR = Math.log(BASE) / Math.log(256);
  const iFACTOR = Math.log(256) / Math.log(BASE);
  function encode(source) {
    if (source instanceof Uint8Array) {
    } else if (ArrayBuffer.isView(source)) {
      source = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    } else if (Array.isArray(source)) {
      source = Uint8Array.from(source);
    }
    if (!(source instanceof Uint8Array)) {
      throw new TypeError("Expected Uint8Array");
    }
    if (source.length === 0) {
      return "";
    }
    let zeroes = 0;
    let length = 0;
    let pbegin = 0;
    const pend = source.length;
    while (pbegin !== pend && source[pbegin] === 0) {
      pbegin++;
      zeroes++;
    }
    const size = (pend - pbegin) * iFACTOR + 1 >>> 0;
    const b58 = new Uint8Array(size);
    while (pbegin !== pend) {
      let carry = source[pbegin];
      let i = 0;
      for (let it1 = size - 1; (carry !== 0 || i < length) && it1 !== -1; it1--, i++) {
        carry += 256 * b58[it1] >>> 0;
        b58[it1] = carry % BASE >>> 0;
        carry = carry / BASE >>> 0;
      }
      if (carry !== 0) {
        throw new Error("Non-zero carry");
      }
      length = i;
      pbegin++;
    }
    let it2 = size - length;
    while (it2 !== size && b58[it2] === 0) {
      it2++;
    }
    let str = LEADER.repeat(zeroes);
    for (; it2 < size; ++it2) {
      str += ALPHABET3.charAt(b58[it2]);
    }
    return str;
  }
  function decodeUnsafe(source) {
    if (typeof source !== "string") {
      throw new TypeError("Expected String");
    }
    if (source.length === 0) {
      return new Uint8Array();
    }
    let psz = 0;
    let zeroes = 0;
    let length = 0;
    while (source[psz] === LEADER) {
      zeroes++;
      psz++;
    }
    const size = (source.length - psz) * FACTOR + 1 >>> 0;
    const b256 = new Uint8Array(size);
    while (psz < source.length) {
      const charCode = source.charCodeAt(psz);
      if (charCode > 255) {
        return;
      }
      let carry = BASE_MAP[charCode];
      if (carry === 255) {
        return;
      }
      let i = 0;
      for (let it3 = size - 1; (carry !== 0 || i < length) && it3 !== -1; it3--, i++) {
        carry += BASE * b256[it3] >>> 0;
        b256[it3] = carry % 256 >>> 0;
        carry = carry / 256 >>> 0;
      }
      if (carry !== 0) {
        throw new Error("Non-zero carry");
      }
      length = i;
      psz++;
    }
    let it4 = size - length;
    while (it4 !== size && b256[it4] === 0) {
      it4++;
    }
    const vch = new Uint8Array(zeroes + (size - it4));
    let j = zeroes;
    while (it4 !== size) {
      vch[j++] = b256[it4++];
    }
    return vch;
  }
  function decode2(string) {
    const buffer = decodeUnsafe(string);
    if (buffer) {
      return buffer;
    }
    throw new Error("Non-base" + BASE + " character");
  }
  return {
    encode,
    decodeUnsafe,
    decode: decode2
  };
}
var esm_default = base;

// node_modules/bs58/src/esm/index.js
var ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
var esm_default2 = esm_default(ALPHABET);

// src/testing/ledger/deriveSigner.ts
import { createPrivateKey, createPublicKey } from "node:crypto";

// src/testing/ledger/encodeBase58.ts
var ALPHABET2 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
var CODES = Uint8Array.from(ALPHABET2, (c) => c.charCodeAt(0));
var LIMB = 656356768;
var limbs = [];
var chars = new Uint16Array(256);
function encodeBase58(bytes) {
  const n2 = bytes.length;
  let zeros = 0;
  while (zeros < n2 && bytes[zeros] === 0) zeros++;
  limbs.length = 0;
  let i = zeros;
  if ((n2 - i) % 2 === 1) {
    addChunk(bytes[i] ?? 0, 256);
    i++;
  }
  for (; i < n2; i += 2) addChunk((bytes[i] ?? 0) << 8 | (bytes[i + 1] ?? 0), 65536);
  let length = 0;
  for (let z = 0; z < zeros; z++) chars[length++] = 49;
  for (let l = limbs.length - 1; l >= 0; l--) {
    let value = limbs[l] ?? 0;
    const digits = l === limbs.length - 1 ? digitCount(value) : 5;
    for (let d = length + digits - 1; d >= length; d--) {
      const q = Math.floor(value / 58);
      chars[d] = CODES[value - q * 58] ?? 49;
      value = q;
    }
    length += digits;
  }
  return String.fromCharCode.apply(null, chars.subarray(0, length));
}
function addChunk(chunk, radix) {
  let carry = chunk;
  for (let j = 0; j < limbs.length; j++) {
    const x = (limbs[j] ?? 0) * radix + carry;
    carry = Math.floor(x / LIMB);
    limbs[j] = x - carry * LIMB;
  }
  while (carry > 0) {
    const q = Math.floor(carry / LIMB);
    limbs.push(carry - q * LIMB);
    carry = q;
  }
}
function digitCount(value) {
  let digits = 0;
  for (let v = value; v > 0; v = Math.floor(v / 58)) digits++;
  return digits;
}

// src/testing/ledger/deriveSigner.ts
var PKCS8_ED25519_PREFIX = Uint8Array.from([
  48,
  46,
  2,
  1,
  0,
  48,
  5,
  6,
  3,
  43,
  101,
  112,
  4,
  34,
  4,
  32
]);
function deriveSigner(seed, lamports) {
  const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + 32);
  der.set(PKCS8_ED25519_PREFIX);
  der.set(seed.subarray(0, 32), PKCS8_ED25519_PREFIX.length);
  const signingKey = createPrivateKey({ key: Buffer.from(der), format: "der", type: "pkcs8" });
  const jwk = createPublicKey(signingKey).export({ format: "jwk" });
  const bytes = new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"));
  return { address: encodeBase58(bytes), bytes, lamports, signingKey };
}

// src/testing/ledger/programIds.ts
var SYSTEM_PROGRAM_ID = "11111111111111111111111111111111";
var TOKEN_PROGRAM_ID = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
var TOKEN_2022_PROGRAM_ID = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
var MEMO_V1_PROGRAM_ID = "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo";
var MEMO_PROGRAM_ID = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
var COMPUTE_BUDGET_PROGRAM_ID = "ComputeBudget111111111111111111111111111111";
var ASSOCIATED_TOKEN_PROGRAM_ID = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
var ADDRESS_LOOKUP_TABLE_PROGRAM_ID = "AddressLookupTab1e1111111111111111111111111";
var BPF_LOADER_PROGRAM_ID = "BPFLoader2111111111111111111111111111111111";
var BPF_LOADER_DEPRECATED_PROGRAM_ID = "BPFLoader1111111111111111111111111111111111";
var BPF_LOADER_UPGRADEABLE_PROGRAM_ID = "BPFLoaderUpgradeab1e11111111111111111111111";
var VOTE_PROGRAM_ID = "Vote111111111111111111111111111111111111111";
var STAKE_PROGRAM_ID = "Stake11111111111111111111111111111111111111";
var SYSVAR_RENT_ID = "SysvarRent111111111111111111111111111111111";
var SYSVAR_CLOCK_ID = "SysvarC1ock11111111111111111111111111111111";
var SYSVAR_INSTRUCTIONS_ID = "Sysvar1nstructions1111111111111111111111111";
var SYSVAR_RECENT_BLOCKHASHES_ID = "SysvarRecentB1ockHashes11111111111111111111";
var SYSVAR_SLOT_HASHES_ID = "SysvarS1otHashes111111111111111111111111111";
var SYSVAR_IDS = [
  SYSVAR_CLOCK_ID,
  "SysvarEpochSchedu1e111111111111111111111111",
  "SysvarFees111111111111111111111111111111111",
  SYSVAR_RECENT_BLOCKHASHES_ID,
  SYSVAR_RENT_ID,
  "SysvarRewards111111111111111111111111111111",
  SYSVAR_SLOT_HASHES_ID,
  "SysvarS1otHistory11111111111111111111111111",
  "SysvarStakeHistory1111111111111111111111111",
  SYSVAR_INSTRUCTIONS_ID
];
var BUILTIN_AND_SYSVAR_KEYS = /* @__PURE__ */ new Set([
  "Config1111111111111111111111111111111111111",
  "Feature111111111111111111111111111111111111",
  "NativeLoader1111111111111111111111111111111",
  STAKE_PROGRAM_ID,
  "StakeConfig11111111111111111111111111111111",
  VOTE_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  BPF_LOADER_PROGRAM_ID,
  BPF_LOADER_DEPRECATED_PROGRAM_ID,
  BPF_LOADER_UPGRADEABLE_PROGRAM_ID,
  ...SYSVAR_IDS
]);
var RESERVED_ACCOUNT_KEYS = /* @__PURE__ */ new Set([
  ...BUILTIN_AND_SYSVAR_KEYS,
  ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
  COMPUTE_BUDGET_PROGRAM_ID,
  "Ed25519SigVerify111111111111111111111111111",
  "KeccakSecp256k11111111111111111111111111111",
  "LoaderV411111111111111111111111111111111111",
  "Sysvar1111111111111111111111111111111111111",
  "SysvarEpochRewards1111111111111111111111111",
  "SysvarLastRestartS1ot1111111111111111111111",
  "ZkTokenProof1111111111111111111111111111111",
  "ZkE1Gama1Proof11111111111111111111111111111"
]);

// src/testing/ledger/createWorld.ts
var SOL = 1000000000n;
var WALLETS = 36;
var EXTERNALS = 90;
var FRESH_SIGNERS = 24;
function createWorld(random) {
  const known = (address, lamports, builtinUnits) => ({
    address,
    bytes: esm_default2.decode(address),
    lamports,
    builtinUnits
  });
  const freshAddress = (lamports) => {
    const bytes = random.bytes(32);
    return { address: encodeBase58(bytes), bytes, lamports };
  };
  const signer = (lamports) => deriveSigner(random.bytes(32), lamports);
  const system = known(SYSTEM_PROGRAM_ID, 1n, 150);
  const token = known(TOKEN_PROGRAM_ID, 934087680n);
  const token2022 = known(TOKEN_2022_PROGRAM_ID, 1141440n);
  const rentSysvar = known(SYSVAR_RENT_ID, 1009200n);
  const clock = known(SYSVAR_CLOCK_ID, 1169280n);
  const wallets = Array.from(
    { length: WALLETS },
    (_, i) => signer(i === 0 ? 250n * SOL : BigInt(random.between(1, 200)) * SOL + BigInt(random.int(1e9)))
  );
  const whales = [
    signer(9007199254740993n + BigInt(random.int(1e9)) * 1000000n),
    signer(12500000n * SOL + BigInt(random.int(1e9)))
  ];
  const externals = Array.from(
    { length: EXTERNALS },
    () => freshAddress(BigInt(random.between(10, 5e4)) * 1000000n)
  );
  const tipAccounts = Array.from(
    { length: 4 },
    () => freshAddress(BigInt(random.between(1, 900)) * SOL)
  );
  const mints = [
    { account: freshAddress(1461600n), decimals: 6, program: token },
    { account: freshAddress(1461600n), decimals: 9, program: token },
    { account: freshAddress(2108880n), decimals: 6, program: token2022 }
  ];
  const holdings = /* @__PURE__ */ new Map();
  const holders = new Map(mints.map((mint) => [mint, []]));
  const open = (owner, mint, amount) => {
    const rent = mint.program === token ? 2039280n : 2074080n;
    const account = freshAddress(rent);
    account.token = { mint, owner, amount };
    holdings.set(owner, [...holdings.get(owner) ?? [], account]);
    holders.get(mint)?.push(account);
    return account;
  };
  const someTokens = (mint) => BigInt(random.between(1, 5e4)) * 10n ** BigInt(mint.decimals) + BigInt(random.int(1e6));
  for (const [i, wallet] of [...wallets, ...whales].entries()) {
    for (const mint of mints) {
      if (i === 0 || random.chance(0.7)) open(wallet, mint, someTokens(mint));
    }
  }
  for (const external of externals.slice(0, 48)) {
    const mint = mints[random.int(mints.length)];
    open(external, mint, someTokens(mint));
  }
  const vaults = Array.from({ length: 3 }, (_, v) => {
    const account = freshAddress(BigInt(random.between(50, 5e3)) * SOL);
    const tokens = /* @__PURE__ */ new Map();
    for (const mint of mints) {
      const deep = v === 0 && mint.decimals === 9 ? 40000000n * 10n ** 9n : 0n;
      tokens.set(mint, open(account, mint, deep + someTokens(mint) * 1000n));
    }
    return { account, tokens };
  });
  const treasury = freshAddress(BigInt(random.between(100, 1e4)) * SOL);
  const oracleStates = Array.from({ length: 4 }, () => freshAddress(3173760n));
  const rentPayers = Array.from(
    { length: 3 },
    () => freshAddress(BigInt(random.between(4e5, 85e4)))
  );
  const tables = [freshAddress(0n), freshAddress(0n)].map((account, t2) => {
    const entries = t2 === 0 ? [
      system,
      token,
      token2022,
      rentSysvar,
      clock,
      ...mints.map((mint) => mint.account),
      ...vaults.flatMap((vault) => [vault.account, ...vault.tokens.values()]),
      treasury,
      ...oracleStates
    ] : [
      ...externals.slice(0, 60),
      ...tipAccounts,
      ...externals.slice(0, 48).flatMap((external) => holdings.get(external) ?? []),
      ...holdings.get(wallets[0]) ?? []
    ];
    entries.forEach((entry, index) => {
      entry.lookup = { table: t2, index };
    });
    return { account, entries };
  });
  const cumulative = [];
  let total = 0;
  for (let rank = 1; rank < wallets.length; rank++) {
    total += 1 / rank;
    cumulative.push(total);
  }
  const zipfWallet = () => {
    const target = random.float() * total;
    const at = cumulative.findIndex((edge) => target < edge);
    return wallets[(at < 0 ? cumulative.length - 1 : at) + 1];
  };
  const hot = wallets[0];
  let freshSigners = 0;
  return {
    random,
    system,
    token,
    token2022,
    memoV1: known(MEMO_V1_PROGRAM_ID, 521498880n),
    memo: known(MEMO_PROGRAM_ID, 521498880n),
    computeBudget: known(COMPUTE_BUDGET_PROGRAM_ID, 1n, 150),
    associatedToken: known(ASSOCIATED_TOKEN_PROGRAM_ID, 731913600n),
    swap: freshAddress(1141440n),
    router: freshAddress(1141440n),
    oracle: freshAddress(1141440n),
    rentSysvar,
    clock,
    wallets,
    whales,
    externals,
    tipAccounts,
    mints,
    holdings,
    holders,
    vaults,
    treasury,
    oracleStates,
    rentPayers,
    tables,
    pickPayer: () => random.chance(0.42) ? hot : zipfWallet(),
    pickRecipient: (payer) => {
      const roll = random.float();
      let to;
      if (roll < 0.28 && payer !== hot) to = hot;
      else if (roll < 0.6) to = zipfWallet();
      else to = externals[random.int(externals.length)];
      return to === payer ? externals[random.int(externals.length)] : to;
    },
    freshAddress,
    freshSigner: () => {
      if (freshSigners >= FRESH_SIGNERS) return void 0;
      freshSigners++;
      return signer(0n);
    }
  };
}

// src/testing/ledger/instructions/writeLittleEndian.ts
function writeLittleEndian(out, offset, value, byteLength) {
  let rest = value;
  for (let i = 0; i < byteLength; i++) {
    out[offset + i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

// src/testing/ledger/instructions/computeBudgetInstruction.ts
function computeBudgetInstruction(program, setting) {
  const run = (ex) => {
    ex.invoke(program);
    ex.succeed();
  };
  if ("unitLimit" in setting) {
    const data2 = new Uint8Array(5);
    data2[0] = 2;
    writeLittleEndian(data2, 1, BigInt(setting.unitLimit), 4);
    return { program, accounts: [], data: data2, run, unitLimit: setting.unitLimit };
  }
  const data = new Uint8Array(9);
  data[0] = 3;
  writeLittleEndian(data, 1, setting.unitPrice, 8);
  return { program, accounts: [], data, run, unitPrice: setting.unitPrice };
}

// src/testing/ledger/instructions/systemTransferInstruction.ts
function systemTransferInstruction(program, from, to, lamports) {
  const data = new Uint8Array(12);
  data[0] = 2;
  writeLittleEndian(data, 4, lamports, 8);
  return {
    program,
    accounts: [
      { account: from, signer: true, writable: true },
      { account: to, signer: false, writable: true }
    ],
    data,
    run: (ex) => {
      ex.invoke(program, [from, to], data);
      const available = ex.lamportsOf(from);
      if (available < lamports) {
        ex.raw(`Transfer: insufficient lamports ${available}, need ${lamports}`);
        ex.fail(0, { Custom: 1 }, "custom program error: 0x1");
        return;
      }
      ex.transfer(from, to, lamports);
      ex.succeed();
    }
  };
}

// src/testing/ledger/instructions/createAccountInstruction.ts
function createAccountInstruction(program, from, created, lamports, space, owner) {
  const data = new Uint8Array(52);
  writeLittleEndian(data, 4, lamports, 8);
  writeLittleEndian(data, 12, BigInt(space), 8);
  data.set(owner.bytes, 20);
  return {
    program,
    accounts: [
      { account: from, signer: true, writable: true },
      { account: created, signer: true, writable: true }
    ],
    data,
    run: (ex) => {
      ex.invoke(program, [from, created], data);
      ex.transfer(from, created, lamports);
      ex.succeed();
    }
  };
}

// src/testing/ledger/instructions/initializeAccount3Instruction.ts
function initializeAccount3Instruction(account, mint, owner) {
  const data = new Uint8Array(33);
  data[0] = 18;
  data.set(owner.bytes, 1);
  return {
    program: mint.program,
    accounts: [
      { account, signer: false, writable: true },
      { account: mint.account, signer: false, writable: false }
    ],
    data,
    run: (ex) => {
      ex.invoke(mint.program, [account, mint.account], data);
      ex.log("Instruction: InitializeAccount3");
      ex.initializeToken(account, { mint, owner, amount: 0n });
      ex.succeed(3158);
    }
  };
}

// src/testing/ledger/kinds/draftCreateTokenAccount.ts
function draftCreateTokenAccount(world, payer) {
  const fresh = world.freshSigner();
  if (fresh === void 0) return void 0;
  const mints = world.mints.filter((mint2) => mint2.program === world.token);
  const mint = mints[world.random.int(mints.length)];
  return {
    payer,
    instructions: [
      createAccountInstruction(world.system, payer, fresh, 2039280n, 165, world.token),
      initializeAccount3Instruction(fresh, mint, payer)
    ],
    minUnits: 6e3
  };
}

// src/testing/ledger/instructions/memoInstruction.ts
var utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function memoInstruction(program, data, signers) {
  return {
    program,
    accounts: signers.map((account) => ({ account, signer: true, writable: false })),
    data,
    run: (ex) => {
      ex.invoke(program);
      let text;
      try {
        text = utf8.decode(data);
      } catch {
        ex.log("Invalid UTF-8, from byte 0");
        ex.fail(1100, "InvalidInstructionData", "invalid instruction data");
        return;
      }
      for (const signer of signers) ex.log(`Signed by ${signer.address}`);
      ex.log(`Memo (len ${data.length}): ${JSON.stringify(text)}`);
      ex.succeed(1200 + 40 * data.length + 600 * signers.length);
    }
  };
}

// src/testing/ledger/kinds/memoText.ts
var encoder = new TextEncoder();
function memoText(random) {
  const n2 = random.between(1, 99999);
  const texts = [
    "Test memo",
    `invoice #${n2}`,
    `payout batch ${n2}`,
    "gm",
    "thanks for lunch \u{1F355}",
    `order:${n2.toString(16)}`,
    "\u{1F996}",
    `rent ${random.between(1, 12)}/2024`,
    "\u1E9Etra\xDFe caf\xE9 \u2013 d\xE9j\xE0 vu"
  ];
  return encoder.encode(texts[random.int(texts.length)] ?? "memo");
}

// src/testing/ledger/kinds/draftPayment.ts
var encoder2 = new TextEncoder();
var RENT_EXEMPT_MINIMUM = 890880;
function draftPayment(world, payer, kind) {
  const { random, system } = world;
  if (kind === "rentShortfall") {
    const fresh = world.freshAddress(0n);
    const lamports2 = BigInt(random.between(1e3, RENT_EXEMPT_MINIMUM - 1));
    return {
      payer,
      instructions: [systemTransferInstruction(system, payer, fresh, lamports2)],
      minUnits: 300,
      rentShortfall: fresh
    };
  }
  const to = world.pickRecipient(payer);
  const lamports = kind === "failedTransfer" ? payer.lamports + BigInt(random.between(1, 5e3)) * 1000000n : smallAmount(world, payer);
  const transfer = systemTransferInstruction(system, payer, to, lamports);
  const memos = [];
  const memoProgram = random.chance(0.3) ? world.memoV1 : world.memo;
  const signers = memoProgram === world.memo && random.chance(0.5) ? [payer] : [];
  if (kind === "memoPayment") memos.push(memoInstruction(memoProgram, memoText(random), signers));
  if (kind === "twoMemos") {
    memos.push(memoInstruction(world.memo, encoder2.encode("Test memo"), []));
    memos.push(memoInstruction(world.memoV1, encoder2.encode("\u{1F996}"), []));
  }
  if (kind === "emptyMemo") memos.push(memoInstruction(world.memo, new Uint8Array(0), signers));
  if (kind === "invalidMemo") {
    memos.push(memoInstruction(memoProgram, Uint8Array.of(255, 254, 65, 195, 40), []));
  }
  return { payer, instructions: [transfer, ...memos], minUnits: 2e3 + 3e3 * memos.length };
}
function smallAmount(world, payer) {
  const wanted = BigInt(world.random.between(1, 3e3)) * 1000000n + BigInt(world.random.int(1e6));
  const cap = payer.lamports / 40n;
  return wanted < cap ? wanted : cap;
}

// src/testing/ledger/instructions/programCallInstruction.ts
var REASONS = {
  InvalidAccountData: "invalid account data for instruction",
  IncorrectProgramId: "incorrect program id for instruction",
  MissingRequiredSignature: "missing required signature for instruction",
  InvalidInstructionData: "invalid instruction data"
};
var DISCRIMINATOR = Uint8Array.of(98, 178, 31, 13, 138, 68, 60, 158);
function programCallInstruction(params) {
  const { program, outcome, units } = params;
  const data = new Uint8Array(16);
  data.set(DISCRIMINATOR);
  writeLittleEndian(data, 8, params.value, 8);
  return {
    program,
    accounts: [
      { account: params.payer, signer: true, writable: true },
      { account: params.state, signer: false, writable: true },
      { account: params.clock, signer: false, writable: false },
      { account: params.system, signer: false, writable: false }
    ],
    data,
    run: (ex) => {
      ex.invoke(program);
      ex.log("Instruction: UpdatePrice");
      if (outcome === "exhausted") {
        ex.fail(
          ex.remaining,
          "ProgramFailedToComplete",
          `exceeded CUs meter at BPF instruction #${units}`
        );
        return;
      }
      if (outcome !== "success") {
        ex.log(`Error: ${REASONS[outcome] ?? outcome}`);
        ex.fail(units, outcome, REASONS[outcome] ?? outcome);
        return;
      }
      ex.log(`price: ${params.value}`);
      if (params.returns) ex.setReturn(data.subarray(8, 16));
      ex.succeed(units);
    }
  };
}

// src/testing/ledger/instructions/tokenTransferInstruction.ts
function tokenTransferInstruction(source, destination, authority, amount, checked, authoritySigns = true) {
  const token = source.token;
  if (token === void 0) throw new Error(`${source.address} is not a token account`);
  const { program, account: mint, decimals } = token.mint;
  const data = new Uint8Array(checked ? 10 : 9);
  data[0] = checked ? 12 : 3;
  writeLittleEndian(data, 1, amount, 8);
  if (checked) data[9] = decimals;
  const authorityMeta = { account: authority, signer: authoritySigns, writable: false };
  const accounts = checked ? [
    { account: source, signer: false, writable: true },
    { account: mint, signer: false, writable: false },
    { account: destination, signer: false, writable: true },
    authorityMeta
  ] : [
    { account: source, signer: false, writable: true },
    { account: destination, signer: false, writable: true },
    authorityMeta
  ];
  const keys = accounts.map((meta) => meta.account);
  const units = (checked ? 6200 : 4645) + (program.address.startsWith("Tokenz") ? 1500 : 0);
  return {
    program,
    accounts,
    data,
    run: (ex) => {
      ex.invoke(program, keys, data);
      ex.log(checked ? "Instruction: TransferChecked" : "Instruction: Transfer");
      if (ex.tokensOf(source) < amount) {
        ex.log("Error: insufficient funds");
        ex.fail(units - 300, { Custom: 1 }, "custom program error: 0x1");
        return;
      }
      ex.moveTokens(source, destination, amount);
      ex.succeed(units);
    }
  };
}

// src/testing/ledger/instructions/swapInstruction.ts
var SWAP_DISCRIMINATOR = Uint8Array.of(248, 198, 158, 145, 225, 117, 135, 200);
var COLLECT_DISCRIMINATOR = Uint8Array.of(58, 29, 78, 7, 155, 34, 80, 230);
function swapInstruction(params) {
  const { program, router, system, payer, vault, payerToken, vaultToken, treasury } = params;
  const mint = payerToken.token?.mint;
  if (mint === void 0) throw new Error(`${payerToken.address} is not a token account`);
  const data = new Uint8Array(24);
  data.set(SWAP_DISCRIMINATOR);
  writeLittleEndian(data, 8, params.lamportsIn, 8);
  writeLittleEndian(data, 16, params.tokensOut, 8);
  const routerData = new Uint8Array(16);
  routerData.set(COLLECT_DISCRIMINATOR);
  writeLittleEndian(routerData, 8, params.routerFee, 8);
  const writable = (account) => ({ account, signer: false, writable: true });
  const readonly = (account) => ({ account, signer: false, writable: false });
  return {
    program,
    accounts: [
      { account: payer, signer: true, writable: true },
      writable(vault),
      writable(payerToken),
      writable(vaultToken),
      readonly(mint.account),
      writable(treasury),
      readonly(router),
      readonly(system),
      readonly(mint.program),
      readonly(params.clock),
      ...params.extraWritable.map(writable)
    ],
    data,
    run: (ex) => {
      ex.invoke(program);
      ex.log("Instruction: Swap");
      ex.spend(4210);
      systemTransferInstruction(system, payer, vault, params.lamportsIn).run(ex);
      if (ex.err !== null) return;
      const failure = params.failure;
      if (failure !== void 0) {
        ex.log(
          `AnchorError occurred. Error Code: ${failure.name}. Error Number: ${failure.code}. Error Message: ${failure.message}.`
        );
        ex.fail(
          2470,
          { Custom: failure.code },
          `custom program error: 0x${failure.code.toString(16)}`
        );
        return;
      }
      ex.spend(1e3);
      tokenTransferInstruction(vaultToken, payerToken, vault, params.tokensOut, false, false).run(
        ex
      );
      if (ex.err !== null) return;
      ex.spend(1e3);
      ex.invoke(router, [vault, treasury, system], routerData);
      ex.log("Instruction: CollectFee");
      ex.spend(2380);
      systemTransferInstruction(system, vault, treasury, params.routerFee).run(ex);
      ex.setReturn(data.subarray(16, 24));
      ex.succeed(911);
      ex.log(`Swapped ${params.lamportsIn} lamports for ${params.tokensOut} units`);
      ex.setReturn(data.subarray(16, 24).slice());
      ex.succeed(7730);
    }
  };
}

// src/testing/ledger/instructions/unloadableProgramInstruction.ts
function unloadableProgramInstruction(program, payer) {
  return {
    program,
    accounts: [{ account: payer, signer: true, writable: true }],
    data: Uint8Array.of(0, 1, 2, 3),
    run: () => void 0
  };
}

// src/testing/ledger/kinds/draftProgramCall.ts
var ANCHOR_ERRORS = [
  { code: 6e3, name: "InvalidAmount", message: "Amount must be greater than zero" },
  { code: 6001, name: "SlippageExceeded", message: "Slippage tolerance exceeded" },
  { code: 6002, name: "PoolPaused", message: "The pool is paused" },
  { code: 6003, name: "StaleOracle", message: "Oracle price is stale" }
];
var NAMED_FAILURES = [
  "InvalidAccountData",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "InvalidInstructionData"
];
function draftProgramCall(world, payer, kind) {
  const { random } = world;
  if (kind === "unloadableProgram") {
    const missing = random.chance(0.5);
    const program = missing ? world.freshAddress(0n) : world.externals[random.int(world.externals.length)];
    return {
      payer,
      instructions: [
        systemTransferInstruction(world.system, payer, world.treasury, 5000n),
        unloadableProgramInstruction(program, payer)
      ],
      minUnits: 0,
      loadError: missing ? "ProgramAccountNotFound" : "InvalidProgramForExecution"
    };
  }
  if (kind === "programCall" || kind === "failedProgramCall" || kind === "exhaustedProgramCall") {
    const outcome = kind === "programCall" ? "success" : kind === "exhaustedProgramCall" ? "exhausted" : NAMED_FAILURES[random.int(NAMED_FAILURES.length)];
    return {
      payer,
      instructions: [
        programCallInstruction({
          program: world.oracle,
          payer,
          state: world.oracleStates[random.int(world.oracleStates.length)],
          clock: world.clock,
          system: world.system,
          value: BigInt(random.between(1, 2e9)),
          units: random.between(1500, 9e3),
          returns: random.chance(0.5),
          outcome
        })
      ],
      minUnits: 12e3
    };
  }
  const held = world.holdings.get(payer) ?? [];
  const payerToken = held[random.int(held.length)];
  const mint = payerToken?.token?.mint;
  const vault = world.vaults[random.int(world.vaults.length)];
  const vaultToken = mint === void 0 ? void 0 : vault?.tokens.get(mint);
  if (payerToken === void 0 || vault === void 0 || vaultToken === void 0) return void 0;
  const lamportsIn = BigInt(random.between(10, 1e3)) * 1000000n;
  const rentPayer = world.rentPayers[random.int(world.rentPayers.length)];
  const rent = BigInt(random.between(1, 400));
  const collectRent = kind === "rentCollection" && rentPayer.lamports >= rent;
  return {
    payer,
    instructions: [
      swapInstruction({
        program: world.swap,
        router: world.router,
        system: world.system,
        payer,
        vault: vault.account,
        payerToken,
        vaultToken,
        treasury: world.treasury,
        clock: world.clock,
        lamportsIn: lamportsIn < payer.lamports / 40n ? lamportsIn : payer.lamports / 40n,
        tokensOut: BigInt(random.between(1, 1e6)) * 10n ** BigInt(random.between(0, 3)),
        routerFee: lamportsIn / 500n + 5000n,
        extraWritable: kind === "rentCollection" ? [rentPayer] : [],
        failure: kind === "failedSwap" ? ANCHOR_ERRORS[random.int(ANCHOR_ERRORS.length)] : void 0
      })
    ],
    minUnits: 6e4,
    rentDebits: collectRent ? [{ account: rentPayer, lamports: rent }] : void 0
  };
}

// src/testing/ledger/instructions/createIdempotentInstruction.ts
function createIdempotentInstruction(program, payer, associated, system) {
  const token = associated.token;
  if (token === void 0) throw new Error(`${associated.address} is not a token account`);
  const data = Uint8Array.of(1);
  return {
    program,
    accounts: [
      { account: payer, signer: true, writable: true },
      { account: associated, signer: false, writable: true },
      { account: token.owner, signer: false, writable: false },
      { account: token.mint.account, signer: false, writable: false },
      { account: system, signer: false, writable: false },
      { account: token.mint.program, signer: false, writable: false }
    ],
    data,
    run: (ex) => {
      ex.invoke(program);
      ex.log("CreateIdempotent");
      ex.succeed(4338);
    }
  };
}

// src/testing/ledger/kinds/draftTokenTransfer.ts
function draftTokenTransfer(world, payer, options) {
  const { random } = world;
  const held = (world.holdings.get(payer) ?? []).filter(
    (account) => (account.token?.amount ?? 0n) > 0n && account.token?.mint.program === world.token2022 === options.token2022
  );
  const source = held[random.int(held.length)];
  const mint = source?.token?.mint;
  if (source?.token === void 0 || mint === void 0) return void 0;
  const candidates = (world.holders.get(mint) ?? []).filter(
    (account) => account.token?.owner !== payer
  );
  const hotAccount = candidates.find((account) => account.token?.owner === world.wallets[0]);
  const destination = hotAccount !== void 0 && random.chance(0.3) ? hotAccount : candidates[random.int(candidates.length)];
  if (destination === void 0) return void 0;
  const balance = source.token.amount;
  const amount = options.fail ? balance + BigInt(random.between(1, 1e6)) : 1n + BigInt(Math.floor(random.float() * Number(balance / 10n > 0n ? balance / 10n : 1n)));
  const checked = mint.program === world.token2022 || random.chance(0.5);
  const instructions = [];
  const withAta = random.chance(0.6);
  if (withAta) {
    instructions.push(
      createIdempotentInstruction(world.associatedToken, payer, destination, world.system)
    );
  }
  instructions.push(tokenTransferInstruction(source, destination, payer, amount, checked));
  if (!withAta) {
    const tip = world.tipAccounts[random.int(world.tipAccounts.length)];
    instructions.push(
      systemTransferInstruction(world.system, payer, tip, BigInt(random.between(1e3, 2e5)))
    );
  }
  if (random.chance(0.08)) instructions.push(memoInstruction(world.memo, memoText(random), []));
  return { payer, instructions, minUnits: 2e4 };
}

// src/testing/ledger/draftTransaction.ts
var SOL2 = 1000000000n;
var LOW_BALANCE = SOL2 / 20n;
var PRICES = [1n, 1000n, 10000n, 50000n, 100000n, 250000n, 1000000n];
function draftTransaction(world, pick) {
  const { random } = world;
  const payer = world.pickPayer();
  const body = payer.lamports < LOW_BALANCE ? whaleTransfer(world, payer) : draftBody(world, payer, pick) ?? draftPayment(world, payer, "transfer");
  const budget = [];
  const roll = random.float();
  if (roll < 0.5) {
    const units = Math.ceil((body.minUnits + random.between(0, 15e4)) / 1e3) * 1e3;
    budget.push(computeBudgetInstruction(world.computeBudget, { unitLimit: units }));
  }
  if (roll < 0.62) {
    const unitPrice = PRICES[random.int(PRICES.length)] ?? 1n;
    budget.push(computeBudgetInstruction(world.computeBudget, { unitPrice }));
  }
  const recordingRoll = random.float();
  const recording = pick.recording ?? (recordingRoll < 0.01 ? "plain" : recordingRoll < 0.015 ? "old" : "full");
  return {
    payer: body.payer,
    instructions: [...budget, ...body.instructions],
    version: pick.version ?? (random.chance(0.35) ? 0 : "legacy"),
    recording,
    loadError: body.loadError,
    rentShortfall: body.rentShortfall,
    // Rows recorded before rewards were stored could not report the rent, so none is taken.
    rentDebits: recording === "old" ? void 0 : body.rentDebits
  };
}
function draftBody(world, payer, pick) {
  switch (pick.kind) {
    case "transfer":
    case "memoPayment":
    case "twoMemos":
    case "emptyMemo":
    case "invalidMemo":
    case "failedTransfer":
    case "rentShortfall":
      return draftPayment(world, payer, pick.kind);
    case "tokenTransfer":
    case "token2022Transfer":
    case "failedTokenTransfer":
      return draftTokenTransfer(world, payer, {
        fail: pick.kind === "failedTokenTransfer",
        token2022: pick.kind === "token2022Transfer"
      });
    case "swap":
    case "failedSwap":
    case "rentCollection":
    case "programCall":
    case "failedProgramCall":
    case "exhaustedProgramCall":
    case "unloadableProgram":
      return draftProgramCall(world, payer, pick.kind);
    case "createTokenAccount":
      return draftCreateTokenAccount(world, payer);
    case "whaleTransfer":
      return whaleTransfer(world, world.pickRecipient(payer));
  }
}
function whaleTransfer(world, to) {
  const whale = world.whales[world.random.int(world.whales.length)];
  const lamports = BigInt(world.random.between(10, 2e3)) * SOL2;
  return {
    payer: whale,
    instructions: [systemTransferInstruction(world.system, whale, to, lamports)],
    minUnits: 300
  };
}

// src/testing/ledger/compileMessage.ts
function compileMessage(payer, instructions, version, tables) {
  const accounts = [payer];
  const flags = [SIGNER | WRITABLE];
  const add = (account, flag) => {
    const at = accounts.indexOf(account);
    if (at < 0) {
      accounts.push(account);
      flags.push(flag);
    } else {
      flags[at] = (flags[at] ?? 0) | flag;
    }
  };
  for (const instruction of instructions) {
    add(instruction.program, INVOKED);
    for (const meta of instruction.accounts) {
      add(meta.account, (meta.signer ? SIGNER : 0) | (meta.writable ? WRITABLE : 0));
    }
  }
  const groups = [[], [], [], []];
  const perTable = /* @__PURE__ */ new Map();
  for (let i = 0; i < accounts.length; i++) {
    const account = accounts[i];
    const flag = flags[i] ?? 0;
    const signer = (flag & SIGNER) !== 0;
    const writable = (flag & WRITABLE) !== 0;
    if (version === 0 && !signer && (flag & INVOKED) === 0 && account.lookup !== void 0) {
      let lists = perTable.get(account.lookup.table);
      if (lists === void 0) {
        lists = { writable: [], readonly: [] };
        perTable.set(account.lookup.table, lists);
      }
      ;
      (writable ? lists.writable : lists.readonly).push(account);
      continue;
    }
    ;
    groups[(signer ? 0 : 2) + (writable ? 0 : 1)].push(account);
  }
  const [signedWritable, signedReadonly, unsignedWritable, unsignedReadonly] = groups;
  const staticKeys = signedWritable.concat(signedReadonly, unsignedWritable, unsignedReadonly);
  const lookups = [];
  const loadedWritable = [];
  const loadedReadonly = [];
  for (const tableIndex of [...perTable.keys()].sort((a, b) => a - b)) {
    const lists = perTable.get(tableIndex);
    const table = tables[tableIndex];
    if (lists === void 0 || table === void 0) continue;
    loadedWritable.push(...lists.writable);
    loadedReadonly.push(...lists.readonly);
    lookups.push({
      table: table.account,
      writableIndexes: lists.writable.map(entryIndex),
      readonlyIndexes: lists.readonly.map(entryIndex)
    });
  }
  const keys = staticKeys.concat(loadedWritable, loadedReadonly);
  return {
    version,
    header: {
      numRequiredSignatures: signedWritable.length + signedReadonly.length,
      numReadonlySignedAccounts: signedReadonly.length,
      numReadonlyUnsignedAccounts: unsignedReadonly.length
    },
    staticKeys,
    loadedWritable,
    loadedReadonly,
    keys,
    instructions: instructions.map((instruction) => ({
      programIdIndex: keys.indexOf(instruction.program),
      accounts: instruction.accounts.map((meta) => keys.indexOf(meta.account)),
      data: instruction.data
    })),
    lookups: version === 0 ? lookups : void 0
  };
}
var SIGNER = 1;
var WRITABLE = 2;
var INVOKED = 4;
function entryIndex(account) {
  return account.lookup?.index ?? 0;
}

// src/testing/ledger/Execution.ts
var NO_DATA = new Uint8Array(0);
var Execution = class {
  constructor(limit, payer, fee) {
    this.limit = limit;
    this.payer = payer;
    this.fee = fee;
    this.remaining = limit;
  }
  limit;
  payer;
  fee;
  logs = [];
  inner = [];
  lamportDeltas = /* @__PURE__ */ new Map();
  tokenDeltas = /* @__PURE__ */ new Map();
  initialized = [];
  err = null;
  returnData;
  remaining;
  index = 0;
  records;
  frames = [];
  /** Lamports `account` holds at this point of the run (the fee is already taken). */
  lamportsOf(account) {
    const fee = account === this.payer ? this.fee : 0n;
    return account.lamports + (this.lamportDeltas.get(account) ?? 0n) - fee;
  }
  /** Token units `account` holds at this point of the run. */
  tokensOf(account) {
    return (account.token?.amount ?? 0n) + (this.tokenDeltas.get(account) ?? 0n);
  }
  /** Starts top-level instruction `index`. */
  begin(index) {
    this.index = index;
    this.records = void 0;
  }
  /** Enters `program`: top level when no frame is open, else a CPI recorded as an inner instruction. */
  invoke(program, accounts = [], data = NO_DATA) {
    const depth = this.frames.length + 1;
    if (depth > 1) {
      if (this.records === void 0) {
        this.records = [];
        this.inner.push({ index: this.index, records: this.records });
      }
      this.records.push({ program, accounts, data, stackHeight: depth });
    }
    const lines = linesOf(program);
    let line = lines.invoke[depth];
    if (line === void 0) {
      line = ["Program ", program.address, " invoke [", depth, "]"].join("");
      lines.invoke[depth] = line;
    }
    this.logs.push(line);
    this.frames.push({ program, start: this.remaining });
  }
  /** A `Program log:` line of the running program. */
  log(text) {
    this.logs.push(["Program log: ", text].join(""));
  }
  /** A line logged without the `Program log:` prefix (builtins write these). */
  raw(text) {
    this.logs.push(text);
  }
  /** Charges compute units to the running program. */
  spend(units) {
    this.remaining = Math.max(0, this.remaining - units);
  }
  /** Sets the transaction's return data from the running program. */
  setReturn(data) {
    const frame = this.frames.at(-1);
    if (frame === void 0) return;
    const base64 = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
    this.logs.push(["Program return: ", frame.program.address, " ", base64].join(""));
    this.returnData = { program: frame.program, data };
  }
  /** Leaves the running program successfully after charging its own `units`. */
  succeed(units = 0) {
    const frame = this.frames.pop();
    if (frame === void 0) return;
    this.spend(frame.program.builtinUnits ?? units);
    this.closeLine(frame);
    this.logs.push(linesOf(frame.program).success);
  }
  /**
   * Fails the running program with `error` (logged as `reason`); every open frame fails with it,
   * as the error propagates up to the top-level instruction.
   */
  fail(units, error, reason) {
    const first = this.frames.at(-1);
    this.spend(first?.program.builtinUnits ?? units);
    for (let frame = this.frames.pop(); frame !== void 0; frame = this.frames.pop()) {
      this.closeLine(frame);
      this.logs.push(["Program ", frame.program.address, " failed: ", reason].join(""));
    }
    this.err = { InstructionError: [this.index, error] };
  }
  /** Moves lamports, to be committed if the transaction succeeds. */
  transfer(from, to, lamports) {
    this.lamportDeltas.set(from, (this.lamportDeltas.get(from) ?? 0n) - lamports);
    this.lamportDeltas.set(to, (this.lamportDeltas.get(to) ?? 0n) + lamports);
  }
  /** Moves token units between two token accounts of one mint. */
  moveTokens(from, to, amount) {
    this.tokenDeltas.set(from, (this.tokenDeltas.get(from) ?? 0n) - amount);
    this.tokenDeltas.set(to, (this.tokenDeltas.get(to) ?? 0n) + amount);
  }
  /** Makes `account` a token account once the transaction commits. */
  initializeToken(account, state) {
    this.initialized.push({ account, state });
  }
  closeLine(frame) {
    if (frame.program.builtinUnits !== void 0) return;
    const used = frame.start - this.remaining;
    this.logs.push(
      [
        "Program ",
        frame.program.address,
        " consumed ",
        used,
        " of ",
        frame.start,
        " compute units"
      ].join("")
    );
  }
};
function linesOf(program) {
  if (program.logLines === void 0) {
    program.logLines = { invoke: [], success: ["Program ", program.address, " success"].join("") };
  }
  return program.logLines;
}

// src/testing/ledger/encodeTransaction.ts
import { sign } from "node:crypto";

// src/testing/ledger/writeCompactU16.ts
function writeCompactU16(out, offset, value) {
  let rest = value;
  let at = offset;
  for (; ; ) {
    const low = rest & 127;
    rest >>>= 7;
    if (rest === 0) {
      if (out) out[at] = low;
      return at + 1;
    }
    if (out) out[at] = low | 128;
    at++;
  }
}

// src/testing/ledger/encodeTransaction.ts
function encodeTransaction(message, blockhash) {
  const signerCount = message.header.numRequiredSignatures;
  const messageOffset = writeCompactU16(void 0, 0, signerCount) + 64 * signerCount;
  const wire = new Uint8Array(messageOffset + writeMessage(void 0, message, blockhash, 0, []));
  writeCompactU16(wire, 0, signerCount);
  const dataOffsets = [];
  writeMessage(wire, message, blockhash, messageOffset, dataOffsets);
  const body = wire.subarray(messageOffset);
  const signatures = [];
  for (let i = 0; i < signerCount; i++) {
    const key = message.staticKeys[i]?.signingKey;
    if (key === void 0) throw new Error(`signer ${i} of a generated message has no key`);
    const signature = sign(null, body, key);
    const at = messageOffset - 64 * (signerCount - i);
    wire.set(signature, at);
    signatures.push(encodeBase58(wire.subarray(at, at + 64)));
  }
  const instructionData = message.instructions.map((instruction, i) => {
    const start = dataOffsets[i] ?? 0;
    return wire.subarray(start, start + instruction.data.length);
  });
  return { wire, signatures, instructionData };
}
function writeMessage(out, message, blockhash, offset, dataOffsets) {
  let at = offset;
  const byte = (value) => {
    if (out) out[at] = value;
    at++;
  };
  const bytes = (value) => {
    if (out) out.set(value, at);
    at += value.length;
  };
  if (message.version === 0) byte(128);
  byte(message.header.numRequiredSignatures);
  byte(message.header.numReadonlySignedAccounts);
  byte(message.header.numReadonlyUnsignedAccounts);
  at = writeCompactU16(out, at, message.staticKeys.length);
  for (const key of message.staticKeys) bytes(key.bytes);
  bytes(blockhash);
  at = writeCompactU16(out, at, message.instructions.length);
  for (const instruction of message.instructions) {
    byte(instruction.programIdIndex);
    at = writeCompactU16(out, at, instruction.accounts.length);
    bytes(instruction.accounts);
    at = writeCompactU16(out, at, instruction.data.length);
    dataOffsets.push(at);
    bytes(instruction.data);
  }
  if (message.lookups !== void 0) {
    at = writeCompactU16(out, at, message.lookups.length);
    for (const lookup of message.lookups) {
      bytes(lookup.table.bytes);
      at = writeCompactU16(out, at, lookup.writableIndexes.length);
      bytes(lookup.writableIndexes);
      at = writeCompactU16(out, at, lookup.readonlyIndexes.length);
      bytes(lookup.readonlyIndexes);
    }
  }
  return at;
}

// src/testing/ledger/formatMemo.ts
var utf82 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function formatMemo(memos) {
  if (memos.length === 0) return null;
  return memos.map((data) => `[${data.length}] ${decode(data)}`).join("; ");
}
function decode(data) {
  try {
    return utf82.decode(data);
  } catch {
    return "(unparseable)";
  }
}

// src/testing/ledger/finishTransaction.ts
var NONE = Object.freeze([]);
var NO_LOADED = Object.freeze({ writable: NONE, readonly: NONE });
var LAMPORTS_PER_SIGNATURE = 5000n;
var DEFAULT_UNITS_PER_INSTRUCTION = 2e5;
var MAX_UNITS = 14e5;
function finishTransaction(draft, context) {
  const { payer } = draft;
  const compiled = compileMessage(payer, draft.instructions, draft.version, context.tables);
  const keys = compiled.keys;
  const indexOf = (account) => {
    const index = keys.indexOf(account);
    if (index < 0) throw new Error(`mock ledger: ${account.address} is used but not among the keys`);
    return index;
  };
  let unitLimit;
  let unitPrice = 0n;
  let invocations = 0;
  for (const instruction of draft.instructions) {
    if (instruction.unitLimit !== void 0) unitLimit = instruction.unitLimit;
    else if (instruction.unitPrice !== void 0) unitPrice = instruction.unitPrice;
    else invocations++;
  }
  const limit = unitLimit ?? Math.min(DEFAULT_UNITS_PER_INSTRUCTION * invocations, MAX_UNITS);
  const signatureCount = compiled.header.numRequiredSignatures;
  const fee = LAMPORTS_PER_SIGNATURE * BigInt(signatureCount) + (unitPrice * BigInt(limit) + 999999n) / 1000000n;
  const preBalances = keys.map((account) => account.lamports);
  const tracksTokens = keys.some(
    (account) => account.address === TOKEN_PROGRAM_ID || account.address === TOKEN_2022_PROGRAM_ID
  );
  const preTokenBalances = tracksTokens ? tokenBalances(keys) : NONE;
  let err = null;
  let execution;
  if (draft.loadError !== void 0) {
    err = draft.loadError;
  } else {
    execution = new Execution(limit, payer, fee);
    for (const [index, instruction] of draft.instructions.entries()) {
      execution.begin(index);
      instruction.run(execution);
      if (execution.err !== null) break;
    }
    err = execution.err;
    if (err === null && draft.rentShortfall !== void 0) {
      err = { InsufficientFundsForRent: { account_index: indexOf(draft.rentShortfall) } };
    }
  }
  payer.lamports -= fee;
  const rewards = [];
  if (err === null && execution !== void 0) {
    for (const [account, delta] of execution.lamportDeltas) {
      indexOf(account);
      account.lamports += delta;
    }
    for (const [account, delta] of execution.tokenDeltas) {
      if (account.token !== void 0) account.token.amount += delta;
    }
    for (const { account, state } of execution.initialized) account.token = state;
    for (const debit of draft.rentDebits ?? []) {
      indexOf(debit.account);
      debit.account.lamports -= debit.lamports;
      rewards.push({
        pubkey: debit.account.address,
        lamports: -debit.lamports,
        postBalance: debit.account.lamports,
        rewardType: "Rent",
        commission: null
      });
    }
  }
  const postBalances = keys.map((account) => {
    if (account.lamports < 0n) throw new Error(`mock ledger: ${account.address} went negative`);
    return account.lamports;
  });
  const postTokenBalances = tracksTokens ? tokenBalances(keys) : NONE;
  const encoded = encodeTransaction(compiled, context.recentBlockhash.bytes);
  const staticAccountKeys = compiled.staticKeys.map((account) => account.address);
  const message = {
    version: compiled.version,
    header: compiled.header,
    staticAccountKeys,
    recentBlockhash: context.recentBlockhash.address,
    instructions: compiled.instructions.map((instruction, i) => ({
      programIdIndex: instruction.programIdIndex,
      accounts: instruction.accounts,
      data: encoded.instructionData[i] ?? instruction.data
    })),
    ...compiled.lookups === void 0 ? {} : {
      addressTableLookups: compiled.lookups.map((lookup) => ({
        accountKey: lookup.table.address,
        writableIndexes: lookup.writableIndexes,
        readonlyIndexes: lookup.readonlyIndexes
      }))
    }
  };
  const loadedAddresses = compiled.version === 0 ? {
    writable: compiled.loadedWritable.map((account) => account.address),
    readonly: compiled.loadedReadonly.map((account) => account.address)
  } : NO_LOADED;
  const accountKeys = compiled.version === 0 ? staticAccountKeys.concat(loadedAddresses.writable, loadedAddresses.readonly) : staticAccountKeys;
  const memos = [];
  for (const instruction of message.instructions) {
    const program = accountKeys[instruction.programIdIndex];
    if (program === MEMO_PROGRAM_ID || program === MEMO_V1_PROGRAM_ID) memos.push(instruction.data);
  }
  const innerInstructions = execution === void 0 ? null : execution.inner.length === 0 ? NONE : execution.inner.map(({ index, records }) => ({
    index,
    instructions: records.map(
      (record) => ({
        programIdIndex: indexOf(record.program),
        accounts: record.accounts.map(indexOf),
        data: record.data,
        stackHeight: record.stackHeight
      })
    )
  }));
  const consumed = execution === void 0 ? 0 : execution.limit - execution.remaining;
  const writableCount = signatureCount - compiled.header.numReadonlySignedAccounts + (compiled.staticKeys.length - signatureCount - compiled.header.numReadonlyUnsignedAccounts) + compiled.loadedWritable.length;
  const dataBytes = message.instructions.reduce((sum, ix) => sum + ix.data.length, 0);
  const costUnits = 720 * signatureCount + 300 * writableCount + Math.floor(dataBytes / 4) + consumed;
  const full = draft.recording === "full";
  const old = draft.recording === "old";
  const returnData = execution?.returnData;
  const meta = {
    err,
    fee,
    preBalances,
    postBalances,
    innerInstructions: full || old ? innerInstructions : null,
    logMessages: (full || old) && execution !== void 0 ? execution.logs : null,
    preTokenBalances: old ? null : preTokenBalances,
    postTokenBalances: old ? null : postTokenBalances,
    rewards: old ? null : rewards.length === 0 ? NONE : rewards,
    ...returnData !== void 0 && draft.recording !== "plain" ? { returnData: { programId: returnData.program.address, data: returnData.data } } : {},
    ...old ? {} : { computeUnitsConsumed: BigInt(consumed), costUnits: BigInt(costUnits) }
  };
  return {
    signature: encoded.signatures[0] ?? "",
    signatures: encoded.signatures,
    slot: context.slot,
    indexInBlock: context.indexInBlock,
    wire: encoded.wire,
    message,
    loadedAddresses,
    meta,
    memo: formatMemo(memos),
    accountKeys
  };
}
function tokenBalances(keys) {
  const balances = [];
  for (const [accountIndex, account] of keys.entries()) {
    const token = account.token;
    if (token === void 0) continue;
    balances.push({
      accountIndex,
      mint: token.mint.account.address,
      owner: token.owner.address,
      programId: token.mint.program.address,
      amount: token.amount,
      decimals: token.mint.decimals
    });
  }
  return balances.length === 0 ? NONE : balances;
}

// src/testing/ledger/pickTransactionKind.ts
var SHOWCASE = [
  { kind: "twoMemos", version: "legacy" },
  { kind: "invalidMemo", version: "legacy" },
  { kind: "tokenTransfer", version: 0 },
  { kind: "token2022Transfer", version: "legacy" },
  { kind: "swap", version: 0 },
  { kind: "failedTransfer", version: "legacy" },
  { kind: "failedProgramCall", version: "legacy" },
  { kind: "rentShortfall", version: "legacy" },
  { kind: "unloadableProgram", version: "legacy" },
  { kind: "failedSwap", version: 0 },
  { kind: "createTokenAccount", version: "legacy" },
  { kind: "whaleTransfer", version: "legacy" },
  { kind: "rentCollection", version: "legacy" },
  { kind: "swap", version: "legacy", recording: "plain" },
  { kind: "tokenTransfer", version: "legacy", recording: "old" },
  { kind: "emptyMemo", version: "legacy" },
  { kind: "exhaustedProgramCall", version: 0 },
  { kind: "memoPayment", version: 0 },
  { kind: "failedTokenTransfer", version: "legacy" },
  { kind: "programCall", version: "legacy" }
];
var SHOWCASE_SPACING = 25;
var WEIGHTS = [
  ["transfer", 26],
  ["memoPayment", 6],
  ["tokenTransfer", 20],
  ["token2022Transfer", 4],
  ["swap", 13],
  ["rentCollection", 0.5],
  ["programCall", 6],
  ["createTokenAccount", 1],
  ["whaleTransfer", 2],
  ["failedTransfer", 2.5],
  ["failedTokenTransfer", 1.5],
  ["failedSwap", 2.5],
  ["failedProgramCall", 1],
  ["exhaustedProgramCall", 0.4],
  ["rentShortfall", 0.7],
  ["unloadableProgram", 0.7],
  ["invalidMemo", 0.3],
  ["twoMemos", 0.3],
  ["emptyMemo", 0.2]
];
var TOTAL = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
function pickTransactionKind(random, position) {
  const cycle = position % 1e3;
  if (cycle % SHOWCASE_SPACING === 3) {
    const pinned = SHOWCASE[(cycle - 3) / SHOWCASE_SPACING];
    if (pinned !== void 0) return pinned;
  }
  let target = random.float() * TOTAL;
  for (const [kind, weight] of WEIGHTS) {
    target -= weight;
    if (target < 0) return { kind };
  }
  return { kind: "transfer" };
}

// src/testing/ledger/planBlocks.ts
var SKIP_RATE = 0.08;
var EMPTY_RATE = 0.03;
var NULL_TIME_RATE = 0.01;
var BUSY_TAIL = 40;
var CONFIRMED_LAG_BLOCKS = 3;
var FINALIZED_LAG_SLOTS = 32;
function planBlocks(random, transactions, seed) {
  const mean = Math.min(8, Math.max(1, transactions / 60));
  const sizes = [];
  let total = 0;
  while (total < transactions) {
    const size = random.chance(EMPTY_RATE) ? 0 : 1 + random.int(Math.round(2 * mean) - 1 || 1);
    sizes.push(Math.min(size, transactions - total));
    total += size;
  }
  if (sizes.length === 0) sizes.push(0);
  for (let i = Math.max(0, sizes.length - BUSY_TAIL); i < sizes.length; i++) {
    if (sizes[i] !== 0) continue;
    const donor = sizes.findIndex((size, at) => at < i && size > 1);
    if (donor >= 0) {
      sizes[donor] = (sizes[donor] ?? 1) - 1;
      sizes[i] = 1;
    } else if (sizes.length > 1) {
      sizes.splice(i, 1);
      i--;
    }
  }
  const origin = 25e7 + Math.abs(Math.trunc(seed)) % 1e5 * 1e3;
  const blocks = [];
  let slot = origin;
  let parentSlot = origin - 1;
  for (const [i, size] of sizes.entries()) {
    if (i > 0) {
      slot++;
      while (random.chance(SKIP_RATE)) slot++;
    }
    const time = 1707e6 + Math.floor((slot - 25e7) * 0.4);
    blocks.push({ slot, parentSlot, blockTime: random.chance(NULL_TIME_RATE) ? null : time, size });
    parentSlot = slot;
  }
  const last = blocks.length - 1;
  const processed = blocks[last]?.slot ?? origin;
  const confirmed = blocks[Math.max(0, last - CONFIRMED_LAG_BLOCKS)]?.slot ?? processed;
  let finalized = blocks[0]?.slot ?? processed;
  for (const block of blocks) {
    if (block.slot <= processed - FINALIZED_LAG_SLOTS && block.slot < confirmed)
      finalized = block.slot;
  }
  const withoutTime = (index) => {
    const block = blocks[index];
    if (block !== void 0) blocks[index] = { ...block, blockTime: null };
  };
  withoutTime(Math.min(3, last));
  const unrooted = blocks.findIndex((block) => block.slot > finalized && block.slot <= confirmed);
  if (unrooted >= 0) withoutTime(unrooted);
  return { blocks, frontiers: { processed, confirmed, finalized } };
}

// src/testing/ledger/buildLedgerState.ts
var BLOCKHASH_WINDOW = 12;
function buildLedgerState(options = {}) {
  const seed = options.seed ?? 1;
  const count = options.transactions ?? 5e3;
  if (!Number.isSafeInteger(seed)) {
    throw invalidParam("createMockLedger", "seed", `expected a safe integer, got ${String(seed)}`);
  }
  if (!Number.isSafeInteger(count) || count < 0) {
    throw invalidParam(
      "createMockLedger",
      "transactions",
      `expected a non-negative integer, got ${String(count)}`
    );
  }
  const random = createRandom(seed);
  const world = createWorld(random);
  const layoutRandom = createRandom(seed ^ 1540483477);
  const plan = planBlocks(layoutRandom, count, seed);
  const blocks = /* @__PURE__ */ new Map();
  const slots = [];
  const bySignature = /* @__PURE__ */ new Map();
  const byAddress = /* @__PURE__ */ new Map();
  const hashes = [];
  const newHash = () => {
    const bytes = layoutRandom.bytes(32);
    return { address: encodeBase58(bytes), bytes };
  };
  let previous = newHash();
  hashes.push(previous);
  let position = 0;
  for (const planned of plan.blocks) {
    const transactions = [];
    for (let indexInBlock = 0; indexInBlock < planned.size; indexInBlock++) {
      const back = Math.min(hashes.length, 1 + layoutRandom.int(BLOCKHASH_WINDOW));
      const recentBlockhash = hashes[hashes.length - back] ?? previous;
      const draft = draftTransaction(world, pickTransactionKind(random, position));
      const tx = finishTransaction(draft, {
        slot: planned.slot,
        indexInBlock,
        recentBlockhash,
        tables: world.tables
      });
      if (bySignature.has(tx.signature)) {
        throw new Error(`mock ledger: seed ${seed} produced signature ${tx.signature} twice`);
      }
      bySignature.set(tx.signature, tx);
      for (const key of tx.accountKeys) {
        const list = byAddress.get(key);
        if (list === void 0) byAddress.set(key, [tx]);
        else list.push(tx);
      }
      transactions.push(tx);
      position++;
    }
    const hash = newHash();
    blocks.set(planned.slot, {
      slot: planned.slot,
      parentSlot: planned.parentSlot,
      blockTime: planned.blockTime,
      transactions,
      blockhash: hash.address,
      previousBlockhash: previous.address
    });
    slots.push(planned.slot);
    hashes.push(hash);
    if (hashes.length > BLOCKHASH_WINDOW) hashes.shift();
    previous = hash;
  }
  const addresses = [...byAddress.keys()];
  const firstSeen = new Map(addresses.map((address, i) => [address, i]));
  addresses.sort(
    (a, b) => (byAddress.get(b)?.length ?? 0) - (byAddress.get(a)?.length ?? 0) || (firstSeen.get(a) ?? 0) - (firstSeen.get(b) ?? 0)
  );
  return {
    seed,
    blocks,
    slots,
    frontiers: plan.frontiers,
    bySignature,
    byAddress,
    firstAvailableSlot: slots[0] ?? plan.frontiers.finalized,
    addresses,
    lookupTables: new Map(
      world.tables.map((table) => [
        table.account.address,
        table.entries.map((entry) => entry.address)
      ])
    )
  };
}

// bench-tmp-ledger.ts
var n = Number(process.argv[2] ?? 5e3);
buildLedgerState({ transactions: 200, seed: 9 });
var t = performance.now();
var c0 = process.cpuUsage();
var s = buildLedgerState({ transactions: n });
var ms = performance.now() - t;
var cpu = process.cpuUsage(c0);
console.log("cpu ms", ((cpu.user + cpu.system) / 1e3).toFixed(0));
console.log("build", n, ms.toFixed(0), "ms", "heap MB", (process.memoryUsage().heapUsed / 1e6).toFixed(0));
console.log("blocks", s.slots.length, "frontiers", s.frontiers, "first", s.firstAvailableSlot);
for (const a of s.addresses.slice(0, 6)) console.log(a, s.byAddress.get(a)?.length);
var failed = 0;
var v0 = 0;
var memo = 0;
var multi = 0;
var errs = /* @__PURE__ */ new Map();
for (const tx of s.bySignature.values()) {
  if (tx.meta.err) {
    failed++;
    const k = JSON.stringify(tx.meta.err).replace(/\d+/g, "n");
    errs.set(k, (errs.get(k) ?? 0) + 1);
  }
  if (tx.message.version === 0) v0++;
  if (tx.memo) memo++;
  if (tx.signatures.length > 1) multi++;
}
console.log({ failed, v0, memo, multi }, errs);
