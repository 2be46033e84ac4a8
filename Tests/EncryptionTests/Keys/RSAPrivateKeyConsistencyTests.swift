import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// Every kind of inconsistent private key is refused when it is read, each with its own reason
/// (before these checks such keys loaded and then failed every decryption as "authentication
/// failed").
struct RSAPrivateKeyConsistencyTests {
    /// The demo key's eight integers, read from its PKCS#8 DER.
    struct Parts {
        var n, e, d, p, q, dP, dQ, qInv: BigUInt

        static func demo() throws -> Parts {
            let pem = try Fixtures.demoPrivateKeyPEM()
            let der = try PEMBlock(parsing: pem).der
            var reader = DERReader(der)
            var outer = try reader.read(DERReader.Tag.sequence)
            _ = try outer.readSmallInteger()
            try RSAPublicKey.readAlgorithmIdentifier(from: &outer)
            var octets = try outer.read(DERReader.Tag.octetString)
            var inner = DERReader(Array(octets.readRemainingBytes()))
            var fields = try inner.read(DERReader.Tag.sequence)
            _ = try fields.readSmallInteger()
            let values = try (0..<8).map { _ throws(KeyError) in try fields.readUnsignedInteger() }
            return Parts(n: values[0], e: values[1], d: values[2], p: values[3], q: values[4], dP: values[5], dQ: values[6], qInv: values[7])
        }

        func key(policy: RSAKeyPolicy = .standard) throws(KeyError) -> RSAPrivateKey {
            try RSAPrivateKey(modulus: n, publicExponent: e, privateExponent: d, p: p, q: q, dP: dP, dQ: dQ, qInv: qInv, policy: policy)
        }
    }

    static let two = BigUInt(2)

    @Test func theDemoKeyIsConsistent() throws {
        let key = try Parts.demo().key()
        #expect(key.publicKey.bitCount == 2048)
    }

    @Test func wrongPublicExponent() throws {
        var parts = try Parts.demo()
        parts.e = BigUInt(3)
        #expect(throws: KeyError.inconsistentPrivateKey(.privateExponentMismatch)) { try parts.key() }
    }

    @Test func wrongPrivateExponent() throws {
        var parts = try Parts.demo()
        parts.d = parts.d + Self.two
        #expect(throws: KeyError.inconsistentPrivateKey(.privateExponentMismatch)) { try parts.key() }
    }

    @Test func wrongFirstCRTExponent() throws {
        var parts = try Parts.demo()
        parts.dP = parts.dP + Self.two
        #expect(throws: KeyError.inconsistentPrivateKey(.firstExponentMismatch)) { try parts.key() }
    }

    @Test func wrongSecondCRTExponent() throws {
        var parts = try Parts.demo()
        parts.dQ = parts.dQ + Self.two
        #expect(throws: KeyError.inconsistentPrivateKey(.secondExponentMismatch)) { try parts.key() }
    }

    @Test func wrongCoefficient() throws {
        var parts = try Parts.demo()
        parts.qInv = parts.qInv + BigUInt(1)
        #expect(throws: KeyError.inconsistentPrivateKey(.coefficientMismatch)) { try parts.key() }
    }

    /// p and q exchanged while exponent1, exponent2 and the coefficient stay: still n = p·q and
    /// d·e ≡ 1, but every CRT value belongs to the other order.
    @Test func swappedPrimes() throws {
        var parts = try Parts.demo()
        swap(&parts.p, &parts.q)
        #expect(throws: KeyError.inconsistentPrivateKey(.primesSwapped)) { try parts.key() }
    }

    /// The same order fully recomputed (dP, dQ, qInv for q, p) is a valid key: the order of the
    /// primes is free, only consistency matters.
    @Test func primesInTheOtherOrderWithTheirOwnValuesAreFine() throws {
        var parts = try Parts.demo()
        let p = parts.p, q = parts.q
        parts.p = q
        parts.q = p
        swap(&parts.dP, &parts.dQ)
        parts.qInv = try #require(p.inverse(modulo: q))
        let key = try parts.key()
        let message = [UInt8](repeating: 0, count: 255) + [42]
        #expect(try key.rawDecrypt(#require(key.publicKey.rawEncrypt(message))) == message)
    }

    @Test func modulusIsNotTheProductOfThePrimes() throws {
        var parts = try Parts.demo()
        parts.p = parts.p + Self.two
        #expect(throws: KeyError.inconsistentPrivateKey(.modulusIsNotProductOfPrimes)) { try parts.key() }
    }

    /// A key whose "prime" p is the product of two 512-bit primes, every other value consistent
    /// with that (generated with `openssl prime` and Python for this test): only the primality
    /// check can tell.
    @Test func compositePrime() throws {
        let parts = Parts(
            n: BigUInt(bigEndianBytes: Hex.bytes("""
                a9e85830485503e8fbdfe5702576f8129d20ac99a7441998e88e7f94ee0ef6bb9ea2b5f002463b647ea94a7d918fd3d7
                201c987ea8e8826295dfd7da8c837826f6fdaa9db7e6b393850115c1118464b4e5ca138843654a13b31be849d716c9bf
                bac4b02566a236834b7b04d36536feef3e64f322cb095871966be4c4005bf03e972f4eae1a610fb1c87d3bc0ccbb3b80
                5c9f6537e57102cdc0b0b55bfa6843ec6e9294ab4e8e1e7327cc4291e5c888d6c0d655bf3552281050758da2eee83f7c
                d8e94865b572794902110523f35b8bc59cf5432c7f4ca4ed52d5d7e4cd93d6a3ecd1682f95f6a8d6fbf724eaec282374
                eb80b3196dd541014f808eaa0e45190b
                """)),
            e: BigUInt(65537),
            d: BigUInt(bigEndianBytes: Hex.bytes("""
                467a1e8e948a532f62bf0a2c5d15feabb5ea963dbc20a6df82e38cef495a02a56b95819357562b8fb16c667e34916ce5
                48a823e73208140171baa28e4087ce2097863c2de4d8f8b721ce03e88c6c16dbe48f504fcee8e673ca713286e285ccd4
                cf5383df57b5c497ec88d04521b050ca0b5f136d64bbf12858a55384abc37720c804985a20ae7c19762cc2192e381fdb
                b568f059285a0db06a6fc0a1d380438096eb975bb2ed59d97884e44b3117c4799002f47390c92e689605db8521a04863
                76c9d660e4e87e968aa5f0b9534f27f7b0d2c0c55149bab5bab9f2c8443fdc9469530d4b781ee47b8b9adc15aac27a7a
                c864638d5c60c27cc591a37a2fbb4935
                """)),
            p: BigUInt(bigEndianBytes: Hex.bytes("""
                b143fca25ee05593ecb861664f64348d1fd7ad4566e686c810a3ca405753e3dc75dd5c5d9d732e4cfbce1fae353022fb
                6f2860c96093e1d3781dba7646d38f29274d81c55d30edea21e605d7a5b440b2a4b195076f345ae86d139f58d6370820
                491bb92600c35b5b5ff670694da0efe7aeb4a676a0e05e91c9573aad30b0c0a7
                """)),
            q: BigUInt(bigEndianBytes: Hex.bytes("""
                f55fb7ab300c568a575b7901243f0e1bd63c51abecd64d287cce39233770e1336d808d505be000c94116a096a77001d5
                91ed7fd339bd5ab7a8c4ac22c59be9f78469b07600ac4d400aafbcd58b282d9f9b70b3e244404fdce3b09ff91b15d003
                8061b5c672e9f73dc8fc0d1f0c01702d3ec37d5db6658e9aa29a1ddae2f62cfd
                """)),
            dP: BigUInt(bigEndianBytes: Hex.bytes("""
                52c89b5d00cde76953adafdee5c8b83a07dae3527c01c08402315bacbc9bb2d82c3b1a7da5a03ac93cf740184d4293b3
                b46fb8f392a4bd5bd2c69f63c923d7c1b25721f997d1d7e9f5b6c497b70cfd01f0a3f62328addc9e9b0204f2a9e7bd65
                c67ea9f2b37c88579df32b00227ebc4b086dd927a16de6fc5278e83025830615
                """)),
            dQ: BigUInt(bigEndianBytes: Hex.bytes("""
                0d8cba94be737ff7e5b90c668ebcd8a79addfbd8959c83e83f7417dda4fb1bc47e40820d34f59ab5825da082913e732b
                7b0275739195ae43c413103a5f552bc75a4d87cc0c5f776898ee796c0562339ac3b7a6875123880577a152442c45b915
                e869fce2b787c9fa6475deb79f2f1925b6788f1cb4acc9022b067dad8fa8ee75
                """)),
            qInv: BigUInt(bigEndianBytes: Hex.bytes("""
                345823e0652a0ba9758cdbbe18f1e8a354eec85daef474264750d0932bf768cba5939c3a24627bf9c1f441039a1dbc93
                da82011808d580e95b44fc93ce7d2fdeb1eaf9cb0003c7de16536bd86afaf7caa55b45ab9e21425a7afbfca16ad50620
                a77af6280a98d78041fb0ef48439b31078b5188cb188ff322d3a84be2ceff08c
                """)))
        #expect(throws: KeyError.inconsistentPrivateKey(.primeIsComposite)) { try parts.key() }
    }

    /// Private keys over 8192 bits are refused before any check runs (a 16384-bit key made each
    /// decryption, even of garbage, take about 5 seconds); public keys of that size still load.
    @Test(arguments: [8200, 16384])
    func oversizedPrivateKey(bits: Int) throws {
        var generator = SeededGenerator(seed: UInt64(bits))
        var bytes = RandomBytes.make(count: bits / 8, using: &generator)
        bytes[0] |= 0x80
        bytes[bytes.count - 1] |= 1
        let n = BigUInt(bigEndianBytes: bytes)
        let one = BigUInt(1)
        #expect(throws: KeyError.privateModulusTooLarge(bits: bits)) {
            try RSAPrivateKey(modulus: n, publicExponent: BigUInt(65537), privateExponent: one, p: one, q: n, dP: one, dQ: one, qInv: one, policy: .standard)
        }
        #expect(try RSAPublicKey(modulus: n, exponent: BigUInt(65537), policy: .standard).bitCount == bits)
    }

    /// The reasons read as clauses of a sentence, name the failed check and quote no key material.
    @Test func reasonsAreReadable() throws {
        let parts = try Parts.demo()
        let all: [PrivateKeyInconsistency] = [
            .modulusIsNotProductOfPrimes, .primeIsComposite, .privateExponentMismatch, .primesSwapped,
            .firstExponentMismatch, .secondExponentMismatch, .coefficientMismatch,
        ]
        for problem in all {
            let text = KeyError.inconsistentPrivateKey(problem).description
            #expect(text.hasPrefix("the private key's parts do not fit together: "))
            #expect(!text.contains(String(parts.p.limbs[0])))
        }
        #expect(Set(all.map(\.description)).count == all.count)
        #expect(KeyError.privateModulusTooLarge(bits: 16384).description == "the private key's modulus has 16384 bits; at most 8192 are accepted for decryption")
    }
}
