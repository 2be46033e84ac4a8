print("payform")
