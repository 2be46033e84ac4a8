import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

// RSAES-OAEP known answers (SHA-1 / MGF1-SHA-1, empty label) from RFC 8017's companion vectors
// "pkcs-1v2-1d2-vec/oaep-vect.txt" (RSA Laboratories), as shipped in pyca's cryptography-vectors
// 50.0.2 (asymmetric/RSA/pkcs-1v2-1d2-vec/oaep-vect.txt). Example 1 is a 1024-bit key, which the
// public API refuses; the tests load it with the internal `.testVectors` policy so the same
// arithmetic and padding code runs. Example 10 is a 2048-bit key. The private exponents d are
// e⁻¹ mod (p−1)(q−1), computed from the published p, q and e (the key checks need d).
struct OAEPVector: Sendable, CustomTestStringConvertible {
    let name: String
    let key: OAEPTestKey
    let message: String
    let seed: String
    let ciphertext: String
    var testDescription: String { name }
}

struct OAEPTestKey: Sendable {
    let n, e, d, p, q, dP, dQ, qInv: String

    func privateKey() throws -> RSAPrivateKey {
        try RSAPrivateKey(
            modulus: BigUInt(bigEndianBytes: Hex.bytes(n)), publicExponent: BigUInt(bigEndianBytes: Hex.bytes(e)),
            privateExponent: BigUInt(bigEndianBytes: Hex.bytes(d)),
            p: BigUInt(bigEndianBytes: Hex.bytes(p)), q: BigUInt(bigEndianBytes: Hex.bytes(q)),
            dP: BigUInt(bigEndianBytes: Hex.bytes(dP)), dQ: BigUInt(bigEndianBytes: Hex.bytes(dQ)),
            qInv: BigUInt(bigEndianBytes: Hex.bytes(qInv)), policy: .testVectors)
    }
}

enum OAEPVectors {
    /// Example 1: a 1024-bit key.
    static let key1 = OAEPTestKey(
        n: """
            a8b3b284af8eb50b387034a860f146c4919f318763cd6c5598c8ae4811a1e0abc4c7e0b082d693a5e7fced675cf46685
            12772c0cbc64a742c6c630f533c8cc72f62ae833c40bf25842e984bb78bdbf97c0107d55bdb662f5c4e0fab9845cb514
            8ef7392dd3aaff93ae1e6b667bb3d4247616d4f5ba10d4cfd226de88d39f16fb
            """,
        e: """
            010001
            """,
        d: """
            53339cfdb79fc8466a655c7316aca85c55fd8f6dd898fdaf119517ef4f52e8fd8e258df93fee180fa0e4ab29693cd83b
            152a553d4ac4d1812b8b9fa5af0e7f55fe7304df41570926f3311f15c4d65a732c483116ee3d3d2d0af3549ad9bf7cbf
            b78ad884f84d5beb04724dc7369b31def37d0cf539e9cfcdd3de653729ead5d1
            """,
        p: """
            d32737e7267ffe1341b2d5c0d150a81b586fb3132bed2f8d5262864a9cb9f30af38be448598d413a172efb802c21acf1
            c11c520c2f26a471dcad212eac7ca39d
            """,
        q: """
            cc8853d1d54da630fac004f471f281c7b8982d8224a490edbeb33d3e3d5cc93c4765703d1dd791642f1f116a0dd852be
            2419b2af72bfe9a030e860b0288b5d77
            """,
        dP: """
            0e12bf1718e9cef5599ba1c3882fe8046a90874eefce8f2ccc20e4f2741fb0a33a3848aec9c9305fbecbd2d76819967d
            4671acc6431e4037968db37878e695c1
            """,
        dQ: """
            95297b0f95a2fa67d00707d609dfd4fc05c89dafc2ef6d6ea55bec771ea333734d9251e79082ecda866efef13c459e1a
            631386b7e354c899f5f112ca85d71583
            """,
        qInv: """
            4f456c502493bdc0ed2ab756a3a6ed4d67352a697d4216e93212b127a63d5411ce6fa98d5dbefd73263e372814274381
            8166ed7dd63687dd2a8ca1d2f4fbd8e1
            """)
    /// Example 10: a 2048-bit key.
    static let key10 = OAEPTestKey(
        n: """
            ae45ed5601cec6b8cc05f803935c674ddbe0d75c4c09fd7951fc6b0caec313a8df39970c518bffba5ed68f3f0d7f22a4
            029d413f1ae07e4ebe9e4177ce23e7f5404b569e4ee1bdcf3c1fb03ef113802d4f855eb9b5134b5a7c8085adcae6fa2f
            a1417ec3763be171b0c62b760ede23c12ad92b980884c641f5a8fac26bdad4a03381a22fe1b754885094c82506d4019a
            535a286afeb271bb9ba592de18dcf600c2aeeae56e02f7cf79fc14cf3bdc7cd84febbbf950ca90304b2219a7aa063aef
            a2c3c1980e560cd64afe779585b6107657b957857efde6010988ab7de417fc88d8f384c4e6e72c3f943e0c31c0c4a5cc
            36f879d8a3ac9d7d59860eaada6b83bb
            """,
        e: """
            010001
            """,
        d: """
            5c8dfacc70cd56b1127a210c1519402c1398c807d6c27f820d4ed7b3b6a5182dd9d0062e9ea891ba735fd458125cf112
            d5e89a9c5f33d7210f0f9189854b8087ba0bc906eeb1e952c485b7ded5be1b96f4e2ca3a2ab702901e0b4bf3cf0cf8d6
            8ef7efd0f35c3e11596705f1ff576ef9ca3de86f28270bfc3ff1ecab9108795f71e3e85f136a9f977cb13be1ebfb27fb
            c1514fadff039158c6141732df25a151b0f1ecca5f953df14fe0be849608aea527860470181d9487b0223d2e7967a103
            b70b333ccfa55c6daa9d49144c35aee5a1c0688820f1c4823f2d9f202ad7b943b3a23f0ebc7430627d79640da67d1155
            10e5b802c122e7f9463535b4244953e1
            """,
        p: """
            ecf5aecd1e5515fffacbd75a2816c6ebf49018cdfb4638e185d66a7396b6f8090f8018c7fd95cc34b857dc17f0cc6516
            bb1346ab4d582cadad7b4103352387b70338d084047c9d9539b6496204b3dd6ea442499207bec01f964287ff6336c398
            4658336846f56e46861881c10233d2176bf15a5e96ddc780bc868aa77d3ce769
            """,
        q: """
            bc46c464fc6ac4ca783b0eb08a3c841b772f7e9b2f28babd588ae885e1a0c61e4858a0fb25ac299990f35be85164c259
            ba1175cdd7192707135184992b6c29b746dd0d2cabe142835f7d148cc161524b4a09946d48b828473f1ce76b6cb6886c
            345c03e05f41d51b5c3a90a3f24073c7d74a4fe25d9cf21c75960f3fc3863183
            """,
        dP: """
            c73564571d00fb15d08a3de9957a50915d7126e9442dacf42bc82e862e5673ff6a008ed4d2e374617df89f17a160b43b
            7fda9cb6b6b74218609815f7d45ca263c159aa32d272d127faf4bc8ca2d77378e8aeb19b0ad7da3cb3de0ae7314980f6
            2b6d4b0a875d1df03c1bae39ccd833ef6cd7e2d9528bf084d1f969e794e9f6c1
            """,
        dQ: """
            2658b37f6df9c1030be1db68117fa9d87e39ea2b693b7e6d3a2f70947413eec6142e18fb8dfcb6ac545d7c86a0ad48f8
            457170f0efb26bc48126c53efd1d16920198dc2a1107dc282db6a80cd3062360ba3fa13f70e4312ff1a6cd6b8fc4cd9c
            5c3db17c6d6a57212f73ae29f619327bad59b153858585ba4e28b60a62a45e49
            """,
        qInv: """
            6f38526b3925085534ef3e415a836ede8b86158a2c7cbfeccb0bd834304fec683ba8d4f479c433d43416e63269623cea
            100776d85aff401d3fff610ee65411ce3b1363d63a9709eede42647cea561493d54570a879c18682cd97710b96205ec3
            1117d73b5f36223fadd6e8ba90dd7c0ee61d44e163251e20c7f66eb305117cb8
            """)
    static let all: [OAEPVector] = [
        OAEPVector(name: "OAEP Example 1.1", key: key1,
                   message: "6628194e12073db03ba94cda9ef9532397d50dba79b987004afefe34",
                   seed: "18b776ea21069d69776a33e96bad48e1dda0a5ef",
                   ciphertext: """
                   354fe67b4a126d5d35fe36c777791a3f7ba13def484e2d3908aff722fad468fb21696de95d0be911c2d3174f8afcc201
                   035f7b6d8e69402de5451618c21a535fa9d7bfc5b8dd9fc243f8cf927db31322d6e881eaa91a996170e657a05a266426
                   d98c88003f8477c1227094a0d9fa1e8c4024309ce1ecccb5210035d47ac72e8a
                   """),
        OAEPVector(name: "OAEP Example 1.2", key: key1,
                   message: "750c4047f547e8e41411856523298ac9bae245efaf1397fbe56f9dd5",
                   seed: "0cc742ce4a9b7f32f951bcb251efd925fe4fe35f",
                   ciphertext: """
                   640db1acc58e0568fe5407e5f9b701dff8c3c91e716c536fc7fcec6cb5b71c1165988d4a279e1577d730fc7a29932e3f
                   00c81515236d8d8e31017a7a09df4352d904cdeb79aa583adcc31ea698a4c05283daba9089be5491f67c1a4ee48dc74b
                   bbe6643aef846679b4cb395a352d5ed115912df696ffe0702932946d71492b44
                   """),
        OAEPVector(name: "OAEP Example 10.1", key: key10,
                   message: "8bba6bf82a6c0f86d5f1756e97956870b08953b06b4eb205bc1694ee",
                   seed: "47e1ab7119fee56c95ee5eaad86f40d0aa63bd33",
                   ciphertext: """
                   53ea5dc08cd260fb3b858567287fa91552c30b2febfba213f0ae87702d068d19bab07fe574523dfb42139d68c3c5afee
                   e0bfe4cb7969cbf382b804d6e61396144e2d0e60741f8993c3014b58b9b1957a8babcd23af854f4c356fb1662aa72bfc
                   c7e586559dc4280d160c126785a723ebeebeff71f11594440aaef87d10793a8774a239d4a04c87fe1467b9daf85208ec
                   6c7255794a96cc29142f9a8bd418e3c1fd67344b0cd0829df3b2bec60253196293c6b34d3f75d32f213dd45c6273d505
                   adf4cced1057cb758fc26aeefa441255ed4e64c199ee075e7f16646182fdb464739b68ab5daff0e63e9552016824f054
                   bf4d3c8c90a97bb6b6553284eb429fcc
                   """),
        OAEPVector(name: "OAEP Example 10.2", key: key10,
                   message: "e6ad181f053b58a904f2457510373e57",
                   seed: "6d17f5b4c1ffac351d195bf7b09d09f09a4079cf",
                   ciphertext: """
                   a2b1a430a9d657e2fa1c2bb5ed43ffb25c05a308fe9093c01031795f5874400110828ae58fb9b581ce9dddd3e549ae04
                   a0985459bde6c626594e7b05dc4278b2a1465c1368408823c85e96dc66c3a30983c639664fc4569a37fe21e5a195b577
                   6eed2df8d8d361af686e750229bbd663f161868a50615e0c337bec0ca35fec0bb19c36eb2e0bbcc0582fa1d93aacdb06
                   1063f59f2ce1ee43605e5d89eca183d2acdfe9f81011022ad3b43a3dd417dac94b4e11ea81b192966e966b182082e719
                   64607b4f8002f36299844a11f2ae0faeac2eae70f8f4f98088acdcd0ac556e9fccc511521908fad26f04c64201450305
                   778758b0538bf8b5bb144a828e629795
                   """),
    ]
}
