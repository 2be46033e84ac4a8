/// The demo private key (public, NOT for production) converted to PKCS#1 `RSA PRIVATE KEY` armour
/// with `openssl rsa -traditional`, to test the PKCS#1 PEM path against the shipped PKCS#8 file.
enum DemoKeyPKCS1 {
    static let pem = """
        -----BEGIN RSA PRIVATE KEY-----
        MIIEpAIBAAKCAQEAqyDrA/r1ewD1GzueVV6RpXS+AV/nIfnVXNAqfDWveR/TRyG/
        KSXJgZQKA5xG07WlBSke3J3dpOQJtxY/qL5YOWyQnUdFGe2c/H1Qzu+T9juG0nP3
        F/3cg1D3rF8qfn5n/GNBfGhvMhgfHjsmZbtPMW4C2sU46+9pm7zIICpu7SZsGll1
        +bODpqBLT3LbEoc7tqRCYtL6oLISFhugKNPK0PQKlmJjG3nz5xyna/ErZUVkuS9T
        scMfRLsbykAKbezijgWzSZm8pE42FJP+LGCPVNFEjbQ3C0K/HkPYWMTuALiyD8T0
        phGBPtBOmm3DHx652ICiddKwjlU22X59chV6awIDAQABAoIBAAnhDgNrAuFSYW2f
        pN9Z/nlMldKvsUDL36sxAhLgaO99v9obMtVZFU31HuYTqOvittK0C50O3AaZFFqA
        EhxXiL5THyVSDpIvOBREPVyehhTKXb+OhEhCFokNYCiQtRWCWwk9+nM7kDFjJRpY
        rdNkdQjuFR1OEqAqo30jI9myuWtyGspsAJBrGlPWQzKymeGP4vDWRkG2Pzky9mgb
        nqtfQ3WQiQfmbqDLgXeMjp5mOZD39SLKDSUV8rcAPv/sZuc0llcLcab++OQirhG1
        8d2KwOx3VtWa+QT2z6oNQtku5Atyf3OyO0XKcP+V3B3hJ2Frpa9PxMxPNyEpL1k/
        aFk/KlECgYEA3RkUNQm+SALIQ91nYEdUZeJP3PDHUUfnmydDSuC2q0RItrkAa6wY
        rvK+/bozjsMVcvFeTi4PGvbpPoMelG1q3c72dfhZKjOV6D+zhmArPcDaGkg/k1qQ
        2wPORYj1EakAt9OIlMwhpMvJ94SbjGzFzmVT7TMvR/R3s4UmsNyqh7MCgYEAxiR/
        M7pZmIv5AZMvzZp7kS7EstqiMPS3fb+uc12bv162VH+YmnMJzXu4JTYMRE4uSVB1
        QpQnHP3DKu5ec5RAvXCY8VdvYEfMd7PiBp3zrh0rmRFvX5xoOuYC3NjC4YC6GG1o
        jC7qTMUOgc/5PPpFtaVyBACcYedmhnQNo8Bj5mkCgYEAnW1l/f3aBtw0TF4xZVRk
        u8bQpriqsy1HtCnYuFAYwQn13GUN75yyVp9xbqhOXbB6bUV/qJsTFlgI7AHgnD7s
        gNMEmisjEfF5I813vo5rO6U9pskau4kY61liXhCOruxvHnT4IzrWGckhHaTGPM6W
        acesYpC3cbyYHrMIQZZdthECgYAIaHIRYt38cCwf2fwUUHLf5UkpgceSJkBHEMQ5
        VwaN51n7WfLC0xDebFqTEakRmPOz3rsrGRhTzZzjjHvrkaXxo/6Jdzldr45IohR8
        TWWSxOAdvbSpLPzrSuliL7yNTyYWdUYTdMYyfcYw0f90i/Y7UAr3ioMYUHZ0TCZs
        BXT3yQKBgQCPmO7SbLqhUj4FjKZHm/F2dh/LxrwNHyKJXknX01kBExkfDfEuuaxO
        ri5K/kwHY9YqoiKLkhgbVDqJ+B7Up7Aihoo8NEvWr4Oams+WoFVWdTM6u+98A0mS
        txinU4Iyi76C6/uPXUiszUX/nhailQsAqIEGA0SsIxC4JGtxgJHrlg==
        -----END RSA PRIVATE KEY-----
        """
}
